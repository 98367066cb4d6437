//! The declarations of the functions the API server's CRD environment adds to cel-go's
//! operators (apiserver `pkg/cel/environment/base.go`, v1.36, at the compatibility version
//! 1.35 new rules are checked with): cel-go v0.26's standard conversions and time accessors
//! (`common/stdlib/standard.go`), its optional types (`cel/library.go`, latest version), the
//! strings extension at version 2, sets and lists at version 3 (`ext/`), and the Kubernetes
//! libraries of apiserver `pkg/cel/library` (URLs, regex, lists, authz, quantity, IP, CIDR,
//! format, semver version 1). Overload ids are cel-go's.
//!
//! One overload a line, `function id [member] (params) result`; `A`, `B`, `K`, `V`, `T` are
//! type parameters, `optional(T)` cel-go's `optional_type(T)`, dotted names the libraries'
//! own types.

pub(crate) const LIBRARY: &str = "
bool bool_to_bool (bool) bool
bool string_to_bool (string) bool
bytes bytes_to_bytes (bytes) bytes
bytes string_to_bytes (string) bytes
double double_to_double (double) double
double int64_to_double (int) double
double string_to_double (string) double
double uint64_to_double (uint) double
duration duration_to_duration (duration) duration
duration int64_to_duration (int) duration
duration string_to_duration (string) duration
dyn to_dyn (A) dyn
int int64_to_int64 (int) int
int double_to_int64 (double) int
int duration_to_int64 (duration) int
int string_to_int64 (string) int
int timestamp_to_int64 (timestamp) int
int uint64_to_int64 (uint) int
string string_to_string (string) string
string bool_to_string (bool) string
string bytes_to_string (bytes) string
string double_to_string (double) string
string duration_to_string (duration) string
string int64_to_string (int) string
string timestamp_to_string (timestamp) string
string uint64_to_string (uint) string
string ip_to_string (net.IP) string
string cidr_to_string (net.CIDR) string
timestamp timestamp_to_timestamp (timestamp) timestamp
timestamp int64_to_timestamp (int) timestamp
timestamp string_to_timestamp (string) timestamp
type type (A) type(A)
uint uint64_to_uint64 (uint) uint
uint double_to_uint64 (double) uint
uint int64_to_uint64 (int) uint
uint string_to_uint64 (string) uint
getFullYear timestamp_to_year member (timestamp) int
getFullYear timestamp_to_year_with_tz member (timestamp,string) int
getMonth timestamp_to_month member (timestamp) int
getMonth timestamp_to_month_with_tz member (timestamp,string) int
getDayOfYear timestamp_to_day_of_year member (timestamp) int
getDayOfYear timestamp_to_day_of_year_with_tz member (timestamp,string) int
getDayOfMonth timestamp_to_day_of_month member (timestamp) int
getDayOfMonth timestamp_to_day_of_month_with_tz member (timestamp,string) int
getDate timestamp_to_day_of_month_1_based member (timestamp) int
getDate timestamp_to_day_of_month_1_based_with_tz member (timestamp,string) int
getDayOfWeek timestamp_to_day_of_week member (timestamp) int
getDayOfWeek timestamp_to_day_of_week_with_tz member (timestamp,string) int
getHours timestamp_to_hours member (timestamp) int
getHours timestamp_to_hours_with_tz member (timestamp,string) int
getHours duration_to_hours member (duration) int
getMinutes timestamp_to_minutes member (timestamp) int
getMinutes timestamp_to_minutes_with_tz member (timestamp,string) int
getMinutes duration_to_minutes member (duration) int
getSeconds timestamp_to_seconds member (timestamp) int
getSeconds timestamp_to_seconds_tz member (timestamp,string) int
getSeconds duration_to_seconds member (duration) int
getMilliseconds timestamp_to_milliseconds member (timestamp) int
getMilliseconds timestamp_to_milliseconds_with_tz member (timestamp,string) int
getMilliseconds duration_to_milliseconds member (duration) int
optional.of optional_of (V) optional(V)
optional.ofNonZeroValue optional_ofNonZeroValue (V) optional(V)
optional.none optional_none () optional(V)
optional.unwrap optional_unwrap (list(optional(V))) list(V)
value optional_value member (optional(V)) V
hasValue optional_hasValue member (optional(V)) bool
or optional_or_optional member (optional(V),optional(V)) optional(V)
orValue optional_orValue_value member (optional(V),V) V
unwrapOpt optional_unwrapOpt member (list(optional(V))) list(V)
first list_first member (list(V)) optional(V)
last list_last member (list(V)) optional(V)
_[_] optional_list_index_int (optional(list(V)),int) optional(V)
_[_] optional_map_index_value (optional(map(K,V)),K) optional(V)
_[?_] list_optindex_optional_int (list(V),int) optional(V)
_[?_] optional_list_optindex_optional_int (optional(list(V)),int) optional(V)
_[?_] map_optindex_optional_value (map(K,V),K) optional(V)
_[?_] optional_map_optindex_optional_value (optional(map(K,V)),K) optional(V)
cel.@mapInsert cel_@mapInsert_map_key_value (map(K,V),K,V) map(K,V)
cel.@mapInsert cel_@mapInsert_map_map (map(K,V),map(K,V)) map(K,V)
@sortByAssociatedKeys list_int_sortByAssociatedKeys member (list(T),list(int)) list(T)
@sortByAssociatedKeys list_uint_sortByAssociatedKeys member (list(T),list(uint)) list(T)
@sortByAssociatedKeys list_double_sortByAssociatedKeys member (list(T),list(double)) list(T)
@sortByAssociatedKeys list_bool_sortByAssociatedKeys member (list(T),list(bool)) list(T)
@sortByAssociatedKeys list_duration_sortByAssociatedKeys member (list(T),list(duration)) list(T)
@sortByAssociatedKeys list_timestamp_sortByAssociatedKeys member (list(T),list(timestamp)) list(T)
@sortByAssociatedKeys list_string_sortByAssociatedKeys member (list(T),list(string)) list(T)
@sortByAssociatedKeys list_bytes_sortByAssociatedKeys member (list(T),list(bytes)) list(T)
charAt string_char_at_int member (string,int) string
indexOf string_index_of_string member (string,string) int
indexOf string_index_of_string_int member (string,string,int) int
indexOf list_a_index_of_int member (list(A),A) int
lastIndexOf string_last_index_of_string member (string,string) int
lastIndexOf string_last_index_of_string_int member (string,string,int) int
lastIndexOf list_a_last_index_of_int member (list(A),A) int
lowerAscii string_lower_ascii member (string) string
upperAscii string_upper_ascii member (string) string
replace string_replace_string_string member (string,string,string) string
replace string_replace_string_string_int member (string,string,string,int) string
split string_split_string member (string,string) list(string)
split string_split_string_int member (string,string,int) list(string)
substring string_substring_int member (string,int) string
substring string_substring_int_int member (string,int,int) string
trim string_trim member (string) string
format string_format member (string,list(dyn)) string
strings.quote strings_quote (string) string
join list_join member (list(string)) string
join list_join_string member (list(string),string) string
sets.contains list_sets_contains_list (list(T),list(T)) bool
sets.equivalent list_sets_equivalent_list (list(T),list(T)) bool
sets.intersects list_sets_intersects_list (list(T),list(T)) bool
slice list_slice member (list(T),int,int) list(T)
flatten list_flatten member (list(list(T))) list(T)
flatten list_flatten_int member (list(dyn),int) list(dyn)
sort list_int_sort member (list(int)) list(int)
sort list_uint_sort member (list(uint)) list(uint)
sort list_double_sort member (list(double)) list(double)
sort list_bool_sort member (list(bool)) list(bool)
sort list_duration_sort member (list(duration)) list(duration)
sort list_timestamp_sort member (list(timestamp)) list(timestamp)
sort list_string_sort member (list(string)) list(string)
sort list_bytes_sort member (list(bytes)) list(bytes)
lists.range lists_range (int) list(int)
reverse list_reverse member (list(T)) list(T)
distinct list_distinct member (list(T)) list(T)
isSorted list_int_is_sorted_bool member (list(int)) bool
isSorted list_uint_is_sorted_bool member (list(uint)) bool
isSorted list_double_is_sorted_bool member (list(double)) bool
isSorted list_bool_is_sorted_bool member (list(bool)) bool
isSorted list_duration_is_sorted_bool member (list(duration)) bool
isSorted list_timestamp_is_sorted_bool member (list(timestamp)) bool
isSorted list_string_is_sorted_bool member (list(string)) bool
isSorted list_bytes_is_sorted_bool member (list(bytes)) bool
sum list_int_sum_int member (list(int)) int
sum list_uint_sum_uint member (list(uint)) uint
sum list_double_sum_double member (list(double)) double
sum list_duration_sum_duration member (list(duration)) duration
max list_int_max_int member (list(int)) int
max list_uint_max_uint member (list(uint)) uint
max list_double_max_double member (list(double)) double
max list_bool_max_bool member (list(bool)) bool
max list_duration_max_duration member (list(duration)) duration
max list_timestamp_max_timestamp member (list(timestamp)) timestamp
max list_string_max_string member (list(string)) string
max list_bytes_max_bytes member (list(bytes)) bytes
min list_int_min_int member (list(int)) int
min list_uint_min_uint member (list(uint)) uint
min list_double_min_double member (list(double)) double
min list_bool_min_bool member (list(bool)) bool
min list_duration_min_duration member (list(duration)) duration
min list_timestamp_min_timestamp member (list(timestamp)) timestamp
min list_string_min_string member (list(string)) string
min list_bytes_min_bytes member (list(bytes)) bytes
find string_find_string member (string,string) string
findAll string_find_all_string member (string,string) list(string)
findAll string_find_all_string_int member (string,string,int) list(string)
url string_to_url (string) kubernetes.URL
getScheme url_get_scheme member (kubernetes.URL) string
getHost url_get_host member (kubernetes.URL) string
getHostname url_get_hostname member (kubernetes.URL) string
getPort url_get_port member (kubernetes.URL) string
getEscapedPath url_get_escaped_path member (kubernetes.URL) string
getQuery url_get_query member (kubernetes.URL) map(string,list(string))
isURL is_url_string (string) bool
quantity string_to_quantity (string) kubernetes.Quantity
isQuantity is_quantity_string (string) bool
sign quantity_sign (kubernetes.Quantity) int
isGreaterThan quantity_is_greater_than member (kubernetes.Quantity,kubernetes.Quantity) bool
isGreaterThan semver_is_greater_than member (kubernetes.Semver,kubernetes.Semver) bool
isLessThan quantity_is_less_than member (kubernetes.Quantity,kubernetes.Quantity) bool
isLessThan semver_is_less_than member (kubernetes.Semver,kubernetes.Semver) bool
compareTo quantity_compare_to member (kubernetes.Quantity,kubernetes.Quantity) int
compareTo semver_compare_to member (kubernetes.Semver,kubernetes.Semver) int
asApproximateFloat quantity_get_float member (kubernetes.Quantity) double
asInteger quantity_get_int member (kubernetes.Quantity) int
isInteger quantity_is_integer member (kubernetes.Quantity) bool
add quantity_add member (kubernetes.Quantity,kubernetes.Quantity) kubernetes.Quantity
add quantity_add_int member (kubernetes.Quantity,int) kubernetes.Quantity
sub quantity_sub member (kubernetes.Quantity,kubernetes.Quantity) kubernetes.Quantity
sub quantity_sub_int member (kubernetes.Quantity,int) kubernetes.Quantity
ip string_to_ip (string) net.IP
ip cidr_ip member (net.CIDR) net.IP
family ip_family member (net.IP) int
ip.isCanonical ip_is_canonical (string) bool
isUnspecified ip_is_unspecified member (net.IP) bool
isLoopback ip_is_loopback member (net.IP) bool
isLinkLocalMulticast ip_is_link_local_multicast member (net.IP) bool
isLinkLocalUnicast ip_is_link_local_unicast member (net.IP) bool
isGlobalUnicast ip_is_global_unicast member (net.IP) bool
isIP is_ip (string) bool
cidr string_to_cidr (string) net.CIDR
containsIP cidr_contains_ip_string member (net.CIDR,string) bool
containsIP cidr_contains_ip_ip member (net.CIDR,net.IP) bool
containsCIDR cidr_contains_cidr_string member (net.CIDR,string) bool
containsCIDR cidr_contains_cidr member (net.CIDR,net.CIDR) bool
prefixLength cidr_prefix_length member (net.CIDR) int
masked cidr_masked member (net.CIDR) net.CIDR
isCIDR is_cidr (string) bool
validate format-validate member (kubernetes.NamedFormat,string) optional(list(string))
format.named format-named (string) optional(kubernetes.NamedFormat)
format.dns1123Label format.dns1123Label () kubernetes.NamedFormat
format.dns1123Subdomain format.dns1123Subdomain () kubernetes.NamedFormat
format.dns1035Label format.dns1035Label () kubernetes.NamedFormat
format.qualifiedName format.qualifiedName () kubernetes.NamedFormat
format.dns1123LabelPrefix format.dns1123LabelPrefix () kubernetes.NamedFormat
format.dns1123SubdomainPrefix format.dns1123SubdomainPrefix () kubernetes.NamedFormat
format.dns1035LabelPrefix format.dns1035LabelPrefix () kubernetes.NamedFormat
format.labelValue format.labelValue () kubernetes.NamedFormat
format.uri format.uri () kubernetes.NamedFormat
format.uuid format.uuid () kubernetes.NamedFormat
format.byte format.byte () kubernetes.NamedFormat
format.date format.date () kubernetes.NamedFormat
format.datetime format.datetime () kubernetes.NamedFormat
semver string_to_semver (string) kubernetes.Semver
semver string_bool_to_semver (string,bool) kubernetes.Semver
isSemver is_semver_string (string) bool
isSemver is_semver_string_bool (string,bool) bool
major semver_major member (kubernetes.Semver) int
minor semver_minor member (kubernetes.Semver) int
patch semver_patch member (kubernetes.Semver) int
path authorizer_path member (kubernetes.authorization.Authorizer,string) kubernetes.authorization.PathCheck
group authorizer_group member (kubernetes.authorization.Authorizer,string) kubernetes.authorization.GroupCheck
serviceAccount authorizer_serviceaccount member (kubernetes.authorization.Authorizer,string,string) kubernetes.authorization.Authorizer
resource groupcheck_resource member (kubernetes.authorization.GroupCheck,string) kubernetes.authorization.ResourceCheck
subresource resourcecheck_subresource member (kubernetes.authorization.ResourceCheck,string) kubernetes.authorization.ResourceCheck
namespace resourcecheck_namespace member (kubernetes.authorization.ResourceCheck,string) kubernetes.authorization.ResourceCheck
name resourcecheck_name member (kubernetes.authorization.ResourceCheck,string) kubernetes.authorization.ResourceCheck
check pathcheck_check member (kubernetes.authorization.PathCheck,string) kubernetes.authorization.Decision
check resourcecheck_check member (kubernetes.authorization.ResourceCheck,string) kubernetes.authorization.Decision
errored decision_errored member (kubernetes.authorization.Decision) bool
error decision_error member (kubernetes.authorization.Decision) string
allowed decision_allowed member (kubernetes.authorization.Decision) bool
reason decision_reason member (kubernetes.authorization.Decision) string
fieldSelector authorizer_fieldselector member (kubernetes.authorization.ResourceCheck,string) kubernetes.authorization.ResourceCheck
labelSelector authorizer_labelselector member (kubernetes.authorization.ResourceCheck,string) kubernetes.authorization.ResourceCheck
";
