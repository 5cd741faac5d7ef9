package intl

// Error is an error the program sees as a JavaScript exception of class
// Name (RangeError, TypeError), with ECMA-402's wording where engines
// agree on one.
type Error struct {
	Name    string `json:"name"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Name + ": " + e.Message }

func rangeError(msg string) error { return &Error{Name: "RangeError", Message: msg} }
func typeError(msg string) error  { return &Error{Name: "TypeError", Message: msg} }

// option reads an enumerated option as ECMA-402's GetOption does: absent
// gives fallback, and a value not in allowed is a RangeError worded as V8
// words it, naming the constructor (class) and the option.
func option(v *string, class, name, fallback string, allowed ...string) (string, error) {
	if v == nil {
		return fallback, nil
	}
	for _, a := range allowed {
		if *v == a {
			return a, nil
		}
	}
	return "", rangeError("Value " + *v + " out of range for " + class + " options property " + name)
}
