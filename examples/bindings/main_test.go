package main

// The README shows this program whole; its output is checked here.
func Example_main() {
	main()
	// Output:
	// {"a.txt":"2024-01-31","b.txt":"2024-02-29"}
	// read failed: no such file: missing.txt
}
