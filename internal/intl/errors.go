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
