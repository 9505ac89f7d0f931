// helm-render: a test-only stand-in for `helm template`, for machines where Helm itself cannot be installed.
//
// It renders a chart with the engine Helm uses: Go's text/template with the sprig function library, plus Helm's
// own functions (include, tpl, required, toYaml, fromYaml, toJson, fromJson, lookup), the same built-in objects
// (.Values, .Release, .Chart, .Capabilities, .Template, .Files) and Helm's value merging (later -f files win, a
// null deletes a key). It is NOT Helm: no dependencies/subcharts, no schema check (the tests run ajv against
// values.schema.json), no hooks ordering, no kube-version gating.
//
// Build (GOPATH mode, Debian's sprig sources): GO111MODULE=off GOPATH=/usr/share/gocode go build -o helm-render .
// Usage: helm-render [-n namespace] [-name release] [-f values.yaml]... CHART_DIR > rendered.yaml
// NOTES.txt is rendered too and written to the file given with -notes (if any).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	sprig "github.com/Masterminds/sprig"
	yaml "gopkg.in/yaml.v2"
)

type valueFiles []string

func (v *valueFiles) String() string     { return strings.Join(*v, ",") }
func (v *valueFiles) Set(s string) error { *v = append(*v, s); return nil }

// Files gives templates the chart's non-template files, like Helm's .Files.
type Files map[string][]byte

func (f Files) Get(name string) string { return string(f[name]) }
func (f Files) GetBytes(name string) []byte { return f[name] }
func (f Files) Glob(pattern string) Files {
	out := Files{}
	for k, v := range f {
		if ok, _ := path.Match(pattern, k); ok {
			out[k] = v
		}
	}
	return out
}

func die(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "helm-render: "+format+"\n", args...)
	os.Exit(1)
}

// normalize turns yaml.v2's map[interface{}]interface{} into map[string]interface{} (what Helm's values are).
func normalize(v interface{}) interface{} {
	switch t := v.(type) {
	case map[interface{}]interface{}:
		m := map[string]interface{}{}
		for k, val := range t {
			m[fmt.Sprint(k)] = normalize(val)
		}
		return m
	case map[string]interface{}:
		for k, val := range t {
			t[k] = normalize(val)
		}
		return t
	case []interface{}:
		for i, val := range t {
			t[i] = normalize(val)
		}
		return t
	}
	return v
}

func readYAML(file string) map[string]interface{} {
	b, err := os.ReadFile(file)
	if err != nil {
		die("%v", err)
	}
	var v interface{}
	if err := yaml.Unmarshal(b, &v); err != nil {
		die("%s: %v", file, err)
	}
	if v == nil {
		return map[string]interface{}{}
	}
	m, ok := normalize(v).(map[string]interface{})
	if !ok {
		die("%s: not a mapping", file)
	}
	return m
}

// merge overlays src onto dst the way Helm coalesces values: maps merge deeply, anything else replaces, null deletes.
func merge(dst, src map[string]interface{}) map[string]interface{} {
	for k, sv := range src {
		if sv == nil {
			delete(dst, k)
			continue
		}
		sm, sIsMap := sv.(map[string]interface{})
		dm, dIsMap := dst[k].(map[string]interface{})
		if sIsMap && dIsMap {
			dst[k] = merge(dm, sm)
		} else {
			dst[k] = sv
		}
	}
	return dst
}

// toYAML is Helm's toYaml: marshal, trim the trailing newline, "" on error.
func toYAML(v interface{}) string {
	b, err := yaml.Marshal(v)
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(string(b), "\n")
}

func fromYAML(s string) map[string]interface{} {
	var v interface{}
	if err := yaml.Unmarshal([]byte(s), &v); err != nil {
		return map[string]interface{}{"Error": err.Error()}
	}
	m, _ := normalize(v).(map[string]interface{})
	if m == nil {
		m = map[string]interface{}{}
	}
	return m
}

func toJSON(v interface{}) string {
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return string(b)
}

func fromJSON(s string) map[string]interface{} {
	m := map[string]interface{}{}
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		m["Error"] = err.Error()
	}
	return m
}

func main() {
	var files valueFiles
	namespace := flag.String("n", "default", "release namespace")
	release := flag.String("name", "mzansi-predicts", "release name")
	notesOut := flag.String("notes", "", "write the rendered NOTES.txt here")
	flag.Var(&files, "f", "values file (repeatable; later files win)")
	flag.Parse()
	if flag.NArg() != 1 {
		die("usage: helm-render [-n ns] [-name release] [-f values.yaml]... CHART_DIR")
	}
	chartDir := flag.Arg(0)

	chartMeta := readYAML(filepath.Join(chartDir, "Chart.yaml"))
	chart := map[string]interface{}{}
	for k, v := range chartMeta {
		// Helm exposes Chart.yaml fields capitalised: .Chart.Name, .Chart.Version, .Chart.AppVersion ...
		chart[strings.ToUpper(k[:1])+k[1:]] = v
	}
	values := readYAML(filepath.Join(chartDir, "values.yaml"))
	for _, f := range files {
		values = merge(values, readYAML(f))
	}

	chartFiles := Files{}
	var templates []string
	err := filepath.Walk(chartDir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(chartDir, p)
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(rel, "templates/") {
			templates = append(templates, rel)
		} else if rel != "Chart.yaml" && rel != "values.yaml" {
			b, _ := os.ReadFile(p)
			chartFiles[rel] = b
		}
		return nil
	})
	if err != nil {
		die("%v", err)
	}
	sort.Strings(templates)
	chartName := fmt.Sprint(chart["Name"])

	root := template.New("chart")
	includedDepth := 0
	funcs := sprig.TxtFuncMap()
	delete(funcs, "env")
	delete(funcs, "expandenv")
	funcs["toYaml"] = toYAML
	funcs["fromYaml"] = fromYAML
	funcs["toJson"] = toJSON
	funcs["fromJson"] = fromJSON
	funcs["required"] = func(msg string, v interface{}) (interface{}, error) {
		if v == nil {
			return nil, fmt.Errorf(msg)
		}
		if s, ok := v.(string); ok && s == "" {
			return nil, fmt.Errorf(msg)
		}
		return v, nil
	}
	funcs["lookup"] = func(...interface{}) map[string]interface{} { return map[string]interface{}{} }
	funcs["include"] = func(name string, data interface{}) (string, error) {
		includedDepth++
		defer func() { includedDepth-- }()
		if includedDepth > 1000 {
			return "", fmt.Errorf("include: recursion too deep for %q", name)
		}
		var buf bytes.Buffer
		if err := root.ExecuteTemplate(&buf, name, data); err != nil {
			return "", err
		}
		return buf.String(), nil
	}
	funcs["tpl"] = func(text string, data interface{}) (string, error) {
		t, err := root.Clone()
		if err != nil {
			return "", err
		}
		t, err = t.New("tpl").Parse(text)
		if err != nil {
			return "", err
		}
		var buf bytes.Buffer
		if err := t.Execute(&buf, data); err != nil {
			return "", err
		}
		return buf.String(), nil
	}
	root.Funcs(funcs).Option("missingkey=zero")

	for _, rel := range templates {
		b, err := os.ReadFile(filepath.Join(chartDir, rel))
		if err != nil {
			die("%v", err)
		}
		if _, err := root.New(chartName + "/" + rel).Parse(string(b)); err != nil {
			die("parse %s: %v", rel, err)
		}
	}

	top := func(rel string) map[string]interface{} {
		return map[string]interface{}{
			"Values": values,
			"Chart":  chart,
			"Release": map[string]interface{}{
				"Name": *release, "Namespace": *namespace, "Service": "Helm",
				"IsInstall": true, "IsUpgrade": false, "Revision": 1,
			},
			"Capabilities": map[string]interface{}{
				"KubeVersion": map[string]interface{}{"Version": "v1.32.0", "Major": "1", "Minor": "32", "GitVersion": "v1.32.0"},
			},
			"Template": map[string]interface{}{"Name": chartName + "/" + rel, "BasePath": chartName + "/templates"},
			"Files":    chartFiles,
		}
	}

	var out bytes.Buffer
	for _, rel := range templates {
		base := path.Base(rel)
		if strings.HasPrefix(base, "_") {
			continue
		}
		var buf bytes.Buffer
		if err := root.ExecuteTemplate(&buf, chartName+"/"+rel, top(rel)); err != nil {
			die("render %s: %v", rel, err)
		}
		text := strings.ReplaceAll(buf.String(), "<no value>", "")
		if base == "NOTES.txt" {
			if *notesOut != "" {
				if err := os.WriteFile(*notesOut, []byte(text), 0o644); err != nil {
					die("%v", err)
				}
			}
			continue
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		fmt.Fprintf(&out, "---\n# Source: %s/%s\n%s\n", chartName, rel, strings.TrimSpace(text))
	}
	os.Stdout.Write(out.Bytes())
}
