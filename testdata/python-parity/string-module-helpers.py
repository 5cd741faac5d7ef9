import string

print(string.ascii_letters, string.digits, string.hexdigits, string.punctuation, sep="\n")
print(repr(string.whitespace))
print(string.capwords("  the quick   BROWN fox  "), string.capwords("a-b c-d", "-"))
fmt = string.Formatter()
print(list(fmt.parse("Hello {name}, you owe {amount:.2f} ({0})")))
print(fmt.format("{0}-{x}", "a", x="b"))
table = str.maketrans({"a": "4", "e": "3", "o": "0"}, )
print("leetspeak rocks".translate(table))
rot13 = str.maketrans(string.ascii_lowercase + string.ascii_uppercase,
                      string.ascii_lowercase[13:] + string.ascii_lowercase[:13] + string.ascii_uppercase[13:] + string.ascii_uppercase[:13])
secret = "Hello, World!".translate(rot13)
print(secret, secret.translate(rot13))
print("remove vowels".translate(str.maketrans("", "", "aeiou")))
return {"rot13": secret, "capwords": string.capwords("hello wide world")}
