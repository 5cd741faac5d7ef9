package redact

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestURLDropsUserInformationAndQuery(t *testing.T) {
	for raw, want := range map[string]string{
		"http://alice:hunter2@host/mcp?api_key=SECRET123": "http://***@host/mcp?***",
		"https://TOKEN@host:8443/a/b#frag":                "https://***@host:8443/a/b",
		"https://host/mcp":                                "https://host/mcp",
		"https://host/mcp?":                               "https://host/mcp?***",
		"http://[::1]:80/x?k=v":                           "http://[::1]:80/x?***",
		"http://host/%zz":                                 "<unparseable URL>",
	} {
		assert.Equal(t, want, URL(raw), raw)
	}
}

func TestArgsMaskSecretsAndKeepTheRest(t *testing.T) {
	got := Args([]string{
		"--token", "ARGSECRET", "--api-key=K1", "-password", "P1", "--dir", "/srv",
		"GITHUB_TOKEN=G1", "Authorization: Bearer B1", "--header=X-Api-Key: H1",
		"https://u:p@h/x?q=Q1", "--url=http://h/?k=U1", "API_URL=http://h/?k=U2", "host:8080", "-v",
	})
	assert.Equal(t, []string{
		"--token", "***", "--api-key=***", "-password", "***", "--dir", "/srv",
		"GITHUB_TOKEN=***", "Authorization:***", "--header=X-Api-Key:***",
		"https://***@h/x?***", "--url=http://h/?***", "API_URL=http://h/?***", "host:8080", "-v",
	}, got)
}

// A message that quotes the URL, in any of the forms Go prints it in, or a
// secret on its own, comes out without them.
func TestServerTextHidesTheURLAndEverySecret(t *testing.T) {
	const raw = "http://alice:hunter2@127.0.0.1:1/mcp?api_key=SECRET123"
	s := NewServer("", nil, raw, nil)
	assert.Equal(t, "http://***@127.0.0.1:1/mcp?***", s.Endpoint())

	req, err := http.NewRequest(http.MethodPost, raw, nil)
	require.NoError(t, err)
	_, err = http.DefaultClient.Do(req)
	require.Error(t, err)
	require.Contains(t, err.Error(), "SECRET123", "net/http quotes the URL with its query")
	for _, msg := range []string{
		err.Error(),
		"connecting to " + raw + ": refused",
		"the server said: bad key SECRET123 for user alice (hunter2)",
		"escaped: api_key%3DSECRET123",
	} {
		got := s.Text(msg)
		for _, secret := range []string{"hunter2", "SECRET123", "alice"} {
			assert.NotContains(t, got, secret, msg)
		}
	}
	assert.Equal(t, "connecting to http://***@127.0.0.1:1/mcp?***: refused", s.Text("connecting to "+raw+": refused"))
}

func TestServerEndpointAndTextForACommand(t *testing.T) {
	s := NewServer("mcp-x", []string{"--token", "ARGSECRET", "--root", "/srv"}, "", nil)
	assert.Equal(t, "mcp-x --token *** --root /srv", s.Endpoint())
	assert.Equal(t, "error: token *** rejected", s.Text("error: token ARGSECRET rejected"))
	assert.Equal(t, "a /srv b", s.Text("a /srv b"), "what is not a secret stays")

	short := NewServer("x", []string{"--key", "ab"}, "", nil)
	assert.Equal(t, "x --key ***", short.Endpoint())
	assert.Equal(t, "tab", short.Text("tab"), "a value too short to be a credential is not replaced in messages")
	assert.False(t, strings.Contains(NewServer("x", nil, "", nil).Text("plain"), Mask))
}

// A server's environment variables and headers are hidden as its
// arguments are: the value of one named like a secret, and the
// credentials of a URL in any of them (DATABASE_URL), wherever a message
// quotes them; other values stay.
func TestServerTextHidesSecretEnvAndHeaders(t *testing.T) {
	s := NewServer("mcp-db", nil, "", map[string]string{
		"DATABASE_URL":  "postgres://app:DBPASSWORD@db:5432/app?sslkey=KEYFILE9",
		"Authorization": "Bearer TOKEN123",
		"LOG_LEVEL":     "verbose",
	})
	got := s.Text("dial postgres://app:DBPASSWORD@db:5432/app?sslkey=KEYFILE9 failed; token TOKEN123 rejected at level verbose; password DBPASSWORD")
	for _, secret := range []string{"DBPASSWORD", "KEYFILE9", "TOKEN123"} {
		assert.NotContains(t, got, secret)
	}
	assert.Contains(t, got, "level verbose")
	assert.Equal(t, "mcp-db", s.Endpoint(), "env and headers are never part of the endpoint")
}

// A secret of several words, such as "Bearer X" in a header argument, is
// hidden also as its last word: a server may quote the token alone.
func TestServerTextHidesTheTokenOfAnAuthorizationArgument(t *testing.T) {
	s := NewServer("npx", []string{"mcp-remote", "https://mcp.example.com/sse", "--header", "Authorization: Bearer TOK12345"}, "", nil)
	assert.Equal(t, "npx mcp-remote https://mcp.example.com/sse --header Authorization:***", s.Endpoint())
	assert.Equal(t, "token *** expired", s.Text("token TOK12345 expired"))
}
