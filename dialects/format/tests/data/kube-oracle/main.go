// Prints, for every format name and every input line (JSON strings on stdin), whether
// kube-openapi's strfmt.Default registry validates it: {"format","input","valid"} lines.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"fmtoracle/ko/pkg/validation/strfmt"
)

func main() {
	formats := []string{"bsonobjectid", "uri", "email", "hostname", "ipv4", "ipv6", "cidr", "mac", "uuid", "uuid3", "uuid4", "uuid5", "isbn", "isbn10", "isbn13", "creditcard", "ssn", "hexcolor", "rgbcolor", "byte", "password", "date", "duration", "date-time", "k8s-short-name", "k8s-long-name"}
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var inputs []string
	for sc.Scan() {
		var s string
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			panic(err)
		}
		inputs = append(inputs, s)
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for _, f := range formats {
		if !strfmt.Default.ContainsName(f) {
			panic("unknown " + f)
		}
		var valid []string
		for _, in := range inputs {
			if strfmt.Default.Validates(f, in) {
				valid = append(valid, in)
			}
		}
		b, _ := json.Marshal(map[string]interface{}{"format": f, "valid": valid})
		fmt.Fprintln(out, string(b))
	}
}
