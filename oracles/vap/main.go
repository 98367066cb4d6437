// Command vaporacle runs ValidatingAdmissionPolicies on admission requests with the Kubernetes
// API server's own admission plugin (k8s.io/apiserver/pkg/admission/plugin/policy/validating),
// offline: no cluster, fake clients behind the plugin's informers.
//
// It reads JSON Lines on stdin. A line with "set" and "policies" (and no "id") defines a named
// set of documents; a case line names a set, or carries its own "policies":
//
//	{"set": "catalog", "policies": [<ValidatingAdmissionPolicy or binding>, ...],
//	 "params": [<objects the bindings' paramRefs name>, ...]}
//	{"id": ..., "set": "catalog", "object": <object>, "oldObject": <optional>,
//	 "operation": "CREATE", "resource": {"group", "version", "resource"} (optional),
//	 "kind": {"group", "version", "kind"} (optional)}
//
// and writes one JSON line per case to stdout (see README.md beside this file).
//
// It is glue only: policies are compiled, matched, evaluated and their outcome worded by the
// plugin (validating.NewPlugin, as kube-apiserver registers it) through its admission
// Validate call. The pieces of upstream logic repeated here, because they live in
// kubernetes/kubernetes rather than in a staging module, are marked "mirrors".
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/admission/initializer"
	"k8s.io/apiserver/pkg/admission/plugin/policy/validating"
	"k8s.io/apiserver/pkg/authorization/authorizer"
	"k8s.io/apiserver/pkg/util/compatibility"
	"k8s.io/apiserver/pkg/warning"
	dynamicfake "k8s.io/client-go/dynamic/fake"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/component-base/featuregate"
	"k8s.io/klog/v2"
)

type resource struct {
	Group    string `json:"group"`
	Version  string `json:"version"`
	Resource string `json:"resource"`
}

type input struct {
	ID        json.RawMessage   `json:"id,omitempty"`
	Set       string            `json:"set,omitempty"`
	Policies  []json.RawMessage `json:"policies,omitempty"`
	Params    []json.RawMessage `json:"params,omitempty"`
	Object    json.RawMessage   `json:"object,omitempty"`
	OldObject json.RawMessage   `json:"oldObject,omitempty"`
	Operation string            `json:"operation,omitempty"`
	Resource  *resource         `json:"resource,omitempty"`
	Kind      *kind             `json:"kind,omitempty"`
}

// kind is the request's kind; an object without apiVersion or kind gets them, as the API
// server's decoder gives an object the kind of the URL it is sent to.
type kind struct {
	Group   string `json:"group"`
	Version string `json:"version"`
	Kind    string `json:"kind"`
}

type status struct {
	Message string `json:"message"`
	Reason  string `json:"reason"`
	Code    int32  `json:"code"`
}

type annotation struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

type output struct {
	ID       json.RawMessage `json:"id"`
	Allowed  bool            `json:"allowed"`
	Status   *status         `json:"status,omitempty"`
	Warnings []string        `json:"warnings"`
	Audit    []annotation    `json:"auditAnnotations"`
	// A failure of the harness itself (a set that does not load, an unreadable object).
	Error string `json:"error,omitempty"`
}

// cluster is one plugin over fake clients holding a set's policies, bindings and params.
type cluster struct {
	plugin *validating.Plugin
	scheme *runtime.Scheme
	cancel context.CancelFunc
	err    error
}

// allowAll answers every authorization check (CEL `authorizer`) with Allow.
type allowAll struct{}

func (allowAll) Authorize(context.Context, authorizer.Attributes) (authorizer.Decision, string, error) {
	return authorizer.DecisionAllow, "", nil
}

// Mirrors the defaulting of kubernetes/pkg/apis/admissionregistration/v1/defaults.go, which
// the API server applies to a policy or binding before storing it.
func defaultMatchResources(m *admissionv1.MatchResources) {
	if m == nil {
		return
	}
	if m.MatchPolicy == nil {
		p := admissionv1.Equivalent
		m.MatchPolicy = &p
	}
	if m.NamespaceSelector == nil {
		m.NamespaceSelector = &metav1.LabelSelector{}
	}
	if m.ObjectSelector == nil {
		m.ObjectSelector = &metav1.LabelSelector{}
	}
	for _, rules := range [][]admissionv1.NamedRuleWithOperations{m.ResourceRules, m.ExcludeResourceRules} {
		for i := range rules {
			if rules[i].Scope == nil {
				s := admissionv1.AllScopes
				rules[i].Scope = &s
			}
		}
	}
}

// kindOf reads apiVersion and kind of a JSON object.
func kindOf(raw []byte) (schema.GroupVersionKind, error) {
	var tm metav1.TypeMeta
	if err := json.Unmarshal(raw, &tm); err != nil {
		return schema.GroupVersionKind{}, err
	}
	return schema.FromAPIVersionAndKind(tm.APIVersion, tm.Kind), nil
}

// newCluster loads a set into a fresh plugin and waits until its informers are synced.
// namespaces are the namespaces the set's cases are in: the plugin reads them (namespaceObject,
// namespaceSelector), so they exist, labelled as the API server labels a namespace.
func newCluster(set input, namespaces map[string]bool, kinds map[schema.GroupVersionKind]bool) *cluster {
	var typed []runtime.Object
	for i, raw := range set.Policies {
		gvk, err := kindOf(raw)
		if err != nil {
			return &cluster{err: fmt.Errorf("policies[%d]: %w", i, err)}
		}
		switch gvk.Kind {
		case "ValidatingAdmissionPolicy":
			p := &admissionv1.ValidatingAdmissionPolicy{}
			if err := json.Unmarshal(raw, p); err != nil {
				return &cluster{err: fmt.Errorf("policies[%d]: %w", i, err)}
			}
			if p.Spec.FailurePolicy == nil {
				f := admissionv1.Fail
				p.Spec.FailurePolicy = &f
			}
			defaultMatchResources(p.Spec.MatchConstraints)
			typed = append(typed, p)
		case "ValidatingAdmissionPolicyBinding":
			b := &admissionv1.ValidatingAdmissionPolicyBinding{}
			if err := json.Unmarshal(raw, b); err != nil {
				return &cluster{err: fmt.Errorf("policies[%d]: %w", i, err)}
			}
			defaultMatchResources(b.Spec.MatchResources)
			if r := b.Spec.ParamRef; r != nil && r.ParameterNotFoundAction == nil {
				a := admissionv1.DenyAction
				r.ParameterNotFoundAction = &a
			}
			typed = append(typed, b)
		default:
			return &cluster{err: fmt.Errorf("policies[%d]: kind %q is not a policy or binding", i, gvk.Kind)}
		}
	}
	for ns := range namespaces {
		typed = append(typed, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{
			Name: ns, Labels: map[string]string{corev1.LabelMetadataName: ns},
		}})
	}

	restMapper := meta.NewDefaultRESTMapper(nil)
	restMapper.Add(corev1.SchemeGroupVersion.WithKind("Namespace"), meta.RESTScopeRoot)
	scheme := runtime.NewScheme()
	if err := fake.AddToScheme(scheme); err != nil {
		return &cluster{err: err}
	}
	listKinds := map[schema.GroupVersionResource]string{}
	var params []runtime.Object
	addKind := func(gvk schema.GroupVersionKind) {
		if scheme.Recognizes(gvk) {
			return
		}
		scheme.AddKnownTypeWithName(gvk, &unstructured.Unstructured{})
		scheme.AddKnownTypeWithName(gvk.GroupVersion().WithKind(gvk.Kind+"List"), &unstructured.UnstructuredList{})
		restMapper.Add(gvk, meta.RESTScopeNamespace)
		plural, _ := meta.UnsafeGuessKindToResource(gvk)
		listKinds[plural] = gvk.Kind + "List"
	}
	for gvk := range kinds {
		addKind(gvk)
	}
	for i, raw := range set.Params {
		u := &unstructured.Unstructured{}
		if err := u.UnmarshalJSON(raw); err != nil {
			return &cluster{err: fmt.Errorf("params[%d]: %w", i, err)}
		}
		addKind(u.GroupVersionKind())
		params = append(params, u)
	}

	client := fake.NewSimpleClientset(typed...)
	dynamicClient := dynamicfake.NewSimpleDynamicClientWithCustomListKinds(scheme, listKinds, params...)
	factory := informers.NewSharedInformerFactory(client, 0)
	ctx, cancel := context.WithCancel(context.Background())
	plugin, err := validating.NewPlugin(nil)
	if err != nil {
		cancel()
		return &cluster{err: err}
	}
	initializer.New(client, dynamicClient, factory, allowAll{}, featuregate.NewFeatureGate(),
		compatibility.DefaultBuildEffectiveVersion(), ctx.Done(), restMapper).Initialize(plugin)
	plugin.SetRESTMapper(restMapper)
	if err := plugin.ValidateInitialization(); err != nil {
		cancel()
		return &cluster{err: err}
	}
	factory.Start(ctx.Done())
	factory.WaitForCacheSync(ctx.Done())
	ready := time.Now().Add(30 * time.Second)
	for !plugin.WaitForReady() {
		if time.Now().After(ready) {
			cancel()
			return &cluster{err: errors.New("the policy source did not sync")}
		}
	}
	return &cluster{plugin: plugin, scheme: scheme, cancel: cancel}
}

// recorder keeps the warnings the plugin adds, in order.
type recorder struct {
	mu       sync.Mutex
	warnings []string
}

func (r *recorder) AddWarning(_, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.warnings = append(r.warnings, text)
}

// annotated keeps the audit annotations the plugin sets, in order, after the request's own
// record accepted them (it refuses to overwrite a key with another value).
type annotated struct {
	admission.Attributes
	added []annotation
}

func (a *annotated) AddAnnotation(key, value string) error {
	if err := a.Attributes.AddAnnotation(key, value); err != nil {
		return err
	}
	a.added = append(a.added, annotation{key, value})
	return nil
}

func decodeObject(raw json.RawMessage, k *kind) (*unstructured.Unstructured, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var fields map[string]interface{}
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, err
	}
	u := &unstructured.Unstructured{Object: fields}
	if k != nil && (u.GetAPIVersion() == "" || u.GetKind() == "") {
		u.SetGroupVersionKind(schema.GroupVersionKind{Group: k.Group, Version: k.Version, Kind: k.Kind})
	}
	// Read back as the API server's unstructured decoder reads it (numbers as int64/float64).
	text, err := u.MarshalJSON()
	if err != nil {
		return nil, err
	}
	u = &unstructured.Unstructured{}
	if err := u.UnmarshalJSON(text); err != nil {
		return nil, err
	}
	return u, nil
}

func run(c *cluster, in input) output {
	out := output{ID: in.ID, Warnings: []string{}, Audit: []annotation{}}
	if c.err != nil {
		out.Error = c.err.Error()
		return out
	}
	obj, err := decodeObject(in.Object, in.Kind)
	if err != nil {
		out.Error = "object: " + err.Error()
		return out
	}
	old, err := decodeObject(in.OldObject, in.Kind)
	if err != nil {
		out.Error = "oldObject: " + err.Error()
		return out
	}
	subject := obj
	if subject == nil {
		subject = old
	}
	if subject == nil {
		out.Error = "neither object nor oldObject"
		return out
	}
	gvk := subject.GroupVersionKind()
	var gvr schema.GroupVersionResource
	if in.Resource != nil {
		gvr = schema.GroupVersionResource{Group: in.Resource.Group, Version: in.Resource.Version, Resource: in.Resource.Resource}
	} else {
		gvr, _ = meta.UnsafeGuessKindToResource(gvk)
	}
	op := admission.Operation(in.Operation)
	if op == "" {
		op = admission.Create
	}
	var options runtime.Object
	switch op {
	case admission.Create:
		options = &metav1.CreateOptions{}
	case admission.Update:
		options = &metav1.UpdateOptions{}
	case admission.Delete:
		options = &metav1.DeleteOptions{}
	}
	name := subject.GetName()
	if name == "" {
		name = subject.GetGenerateName()
	}
	var newObj, oldObj runtime.Object
	if obj != nil {
		newObj = obj
	}
	if old != nil {
		oldObj = old
	}
	attrs := &annotated{Attributes: admission.NewAttributesRecord(newObj, oldObj, gvk,
		subject.GetNamespace(), name, gvr, "", op, options, false, nil)}
	rec := &recorder{}
	ctx := warning.WithWarningRecorder(context.Background(), rec)
	err = c.plugin.Validate(ctx, attrs, admission.NewObjectInterfacesFromScheme(c.scheme))
	out.Warnings = append(out.Warnings, rec.warnings...)
	out.Audit = append(out.Audit, attrs.added...)
	out.Allowed = err == nil
	if err != nil {
		var se *apierrors.StatusError
		if errors.As(err, &se) {
			s := se.Status()
			out.Status = &status{Message: s.Message, Reason: string(s.Reason), Code: s.Code}
		} else {
			out.Status = &status{Message: err.Error()}
		}
	}
	return out
}

func main() {
	klog.SetOutput(io.Discard)
	klog.LogToStderr(false)
	reader := bufio.NewReaderSize(os.Stdin, 1<<20)
	var lines []input
	for {
		line, err := reader.ReadBytes('\n')
		if len(line) > 0 {
			var in input
			if jerr := json.Unmarshal(line, &in); jerr != nil {
				fmt.Fprintf(os.Stderr, "line %d: %v\n", len(lines)+1, jerr)
				os.Exit(2)
			}
			lines = append(lines, in)
		}
		if err == io.EOF {
			break
		} else if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	// A set's cluster holds the namespaces and object kinds of all its cases.
	sets := map[string]input{}
	namespaces := map[string]map[string]bool{}
	kinds := map[string]map[schema.GroupVersionKind]bool{}
	key := func(i int, in input) string {
		if in.ID == nil || len(in.Policies) > 0 {
			return fmt.Sprintf("line %d", i)
		}
		return "set " + in.Set
	}
	for i, in := range lines {
		if in.ID == nil {
			sets["set "+in.Set] = in
			continue
		} else if len(in.Policies) > 0 {
			sets[key(i, in)] = in
		}
		k := key(i, in)
		if namespaces[k] == nil {
			namespaces[k], kinds[k] = map[string]bool{}, map[schema.GroupVersionKind]bool{}
		}
		for _, raw := range []json.RawMessage{in.Object, in.OldObject} {
			if u, err := decodeObject(raw, in.Kind); err == nil && u != nil {
				if u.GetNamespace() != "" {
					namespaces[k][u.GetNamespace()] = true
				}
				kinds[k][u.GroupVersionKind()] = true
			}
		}
	}
	last := map[string]int{}
	for i, in := range lines {
		if in.ID != nil {
			last[key(i, in)] = i
		}
	}
	clusters := map[string]*cluster{}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i, in := range lines {
		if in.ID == nil {
			continue
		}
		k := key(i, in)
		c, ok := clusters[k]
		if !ok {
			set, defined := sets[k]
			if !defined {
				c = &cluster{err: fmt.Errorf("no set %q defined", in.Set)}
			} else {
				c = newCluster(set, namespaces[k], kinds[k])
			}
			clusters[k] = c
		}
		if err := enc.Encode(run(c, in)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		// After a set's last case, its informers go.
		if last[k] == i && c.cancel != nil {
			c.cancel()
			delete(clusters, k)
		}
	}
}
