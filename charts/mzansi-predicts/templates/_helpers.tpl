{{/* Common labels. Call with (dict "root" $ "name" $name "svc" $svc). */}}
{{- define "mp.selectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/component: {{ .svc.component }}
{{- end }}

{{- define "mp.labels" -}}
{{ include "mp.selectorLabels" . }}
app.kubernetes.io/part-of: {{ .root.Values.global.partOf }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- end }}

{{/* Labels of objects that belong to no single component. */}}
{{- define "mp.systemLabels" -}}
app.kubernetes.io/part-of: {{ .Values.global.partOf }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end }}

{{/* <registry>/<prefix>/<name>:<tag>, or the service's own repository/tag. Refuses `latest`. */}}
{{- define "mp.image" -}}
{{- $g := .root.Values.global.image -}}
{{- $img := .svc.image | default dict -}}
{{- $repo := $img.repository | default (printf "%s/%s" $g.repositoryPrefix .name) -}}
{{- if and $g.registry (not $img.repository) }}{{ $repo = printf "%s/%s" $g.registry $repo }}{{ end -}}
{{- $tag := $img.tag | default $g.tag | default .root.Chart.AppVersion | toString -}}
{{- if eq $tag "latest" }}{{ fail (printf "services.%s: the image tag `latest` is refused; pin a version" .name) }}{{ end -}}
{{- if $img.digest }}{{ printf "%s@%s" $repo $img.digest }}{{ else }}{{ printf "%s:%s" $repo $tag }}{{ end -}}
{{- end }}

{{/* Pod-level security: the Pod Security Standards `restricted` profile. */}}
{{- define "mp.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 1000
runAsGroup: 1000
fsGroup: 1000
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{- define "mp.containerSecurityContext" -}}
runAsNonRoot: true
readOnlyRootFilesystem: true
allowPrivilegeEscalation: false
capabilities:
  drop: [ALL]
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{/* env entries from secrets: INTERNAL_AUTH_KEYS plus the service's secretEnv. */}}
{{- define "mp.secretEnv" -}}
- name: INTERNAL_AUTH_KEYS
  valueFrom:
    secretKeyRef:
      name: {{ .root.Values.global.internalAuthKeys.name }}
      key: {{ .root.Values.global.internalAuthKeys.key }}
{{- range $k, $ref := .svc.secretEnv }}
- name: {{ $k }}
  valueFrom:
    secretKeyRef:
      name: {{ $ref.name }}
      key: {{ $ref.key }}
{{- end }}
{{- end }}

{{/* The plain settings of every component (ConfigMap mzansi-predicts-common) as a dict. */}}
{{- define "mp.commonEnv" -}}
{{- $env := deepCopy .Values.global.env -}}
{{- $_ := set $env "NATS_URL" .Values.global.nats.url -}}
{{- $_ := set $env "NATS_STREAM_REPLICAS" (toString .Values.global.nats.streamReplicas) -}}
{{- $_ := set $env "NATS_STREAM_MAX_BYTES" (toString (int64 .Values.global.nats.streamMaxBytes)) -}}
{{- toYaml $env -}}
{{- end }}

{{/* A probe. Call with (dict "svc" $svc "p" $probe). */}}
{{- define "mp.probe" -}}
{{- if eq .svc.protocol "grpc" -}}
grpc:
  port: {{ .svc.port }}
{{- else -}}
httpGet:
  path: {{ .p.path }}
  port: http
{{- end }}
periodSeconds: {{ .p.periodSeconds }}
failureThreshold: {{ .p.failureThreshold }}
timeoutSeconds: {{ .p.timeoutSeconds | default 2 }}
{{- end }}

{{/* Database peers of a service: its own PostgreSQL (default: pods app.kubernetes.io/instance=<name>-db in namespace data). */}}
{{- define "mp.databasePeers" -}}
{{- if .svc.networkPolicy.databaseTo }}
{{- toYaml .svc.networkPolicy.databaseTo }}
{{- else }}
- namespaceSelector:
    matchLabels:
      kubernetes.io/metadata.name: data
  podSelector:
    matchLabels:
      app.kubernetes.io/name: postgresql
      app.kubernetes.io/instance: {{ .name }}-db
{{- end }}
{{- end }}
