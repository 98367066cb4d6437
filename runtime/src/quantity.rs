//! Kubernetes `resource.Quantity`. Placeholder until the parser lands.
