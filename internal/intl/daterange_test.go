package intl

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// newDateFormatJSON makes a DateTimeFormat in UTC with options as JSON.
func newDateFormatJSON(t *testing.T, loc, options string) *dateTimeFormat {
	t.Helper()
	var o dateTimeOptions
	require.NoError(t, json.Unmarshal([]byte(options), &o))
	utc := "UTC"
	o.Required, o.Defaults, o.TimeZone = "any", "date", &utc
	df, err := newDateTimeFormat(newRunData(), []string{loc}, o)
	require.NoError(t, err)
	return df
}

// rangeEnds are the ends formatRange is tested with, from 2024-01-10
// 09:00 UTC: the same instant, 40 minutes, two hours, the afternoon, the
// next day, another month, another year.
var rangeEnds = []time.Time{
	time.Date(2024, 1, 10, 9, 0, 0, 0, time.UTC),
	time.Date(2024, 1, 10, 9, 40, 0, 0, time.UTC),
	time.Date(2024, 1, 10, 11, 15, 0, 0, time.UTC),
	time.Date(2024, 1, 10, 17, 30, 0, 0, time.UTC),
	time.Date(2024, 1, 11, 17, 0, 0, 0, time.UTC),
	time.Date(2024, 3, 5, 0, 0, 0, 0, time.UTC),
	time.Date(2025, 2, 1, 9, 0, 0, 0, time.UTC),
}

// Each expectation is what Node 20 prints for formatRange from the first
// of rangeEnds to each.
func TestDateFormatRangeMatchesNode(t *testing.T) {
	for _, c := range []struct {
		loc, options string
		want         []string
	}{
		{"en-US", `{"dateStyle":"medium"}`, []string{"Jan 10, 2024", "Jan 10, 2024", "Jan 10, 2024", "Jan 10, 2024", "Jan 10 – 11, 2024", "Jan 10 – Mar 5, 2024", "Jan 10, 2024 – Feb 1, 2025"}},
		{"en-US", `{"dateStyle":"long","timeStyle":"short"}`, []string{"January 10, 2024 at 9:00 AM", "January 10, 2024, 9:00 – 9:40 AM", "January 10, 2024, 9:00 – 11:15 AM", "January 10, 2024, 9:00 AM – 5:30 PM", "January 10, 2024 at 9:00 AM – January 11, 2024 at 5:00 PM", "January 10, 2024 at 9:00 AM – March 5, 2024 at 12:00 AM", "January 10, 2024 at 9:00 AM – February 1, 2025 at 9:00 AM"}},
		{"en-US", `{"dateStyle":"medium","timeStyle":"short"}`, []string{"Jan 10, 2024, 9:00 AM", "Jan 10, 2024, 9:00 – 9:40 AM", "Jan 10, 2024, 9:00 – 11:15 AM", "Jan 10, 2024, 9:00 AM – 5:30 PM", "Jan 10, 2024, 9:00 AM – Jan 11, 2024, 5:00 PM", "Jan 10, 2024, 9:00 AM – Mar 5, 2024, 12:00 AM", "Jan 10, 2024, 9:00 AM – Feb 1, 2025, 9:00 AM"}},
		{"en-US", `{"hour":"numeric","minute":"numeric"}`, []string{"9:00 AM", "9:00 – 9:40 AM", "9:00 – 11:15 AM", "9:00 AM – 5:30 PM", "1/10/2024, 9:00 AM – 1/11/2024, 5:00 PM", "1/10/2024, 9:00 AM – 3/5/2024, 12:00 AM", "1/10/2024, 9:00 AM – 2/1/2025, 9:00 AM"}},
		{"en-US", `{"hour":"numeric","minute":"numeric","second":"numeric"}`, []string{"9:00:00 AM", "9:00:00 AM – 9:40:00 AM", "9:00:00 AM – 11:15:00 AM", "9:00:00 AM – 5:30:00 PM", "1/10/2024, 9:00:00 AM – 1/11/2024, 5:00:00 PM", "1/10/2024, 9:00:00 AM – 3/5/2024, 12:00:00 AM", "1/10/2024, 9:00:00 AM – 2/1/2025, 9:00:00 AM"}},
		{"en-US", `{}`, []string{"1/10/2024", "1/10/2024", "1/10/2024", "1/10/2024", "1/10/2024 – 1/11/2024", "1/10/2024 – 3/5/2024", "1/10/2024 – 2/1/2025"}},
		{"en-GB", `{"hour":"numeric","minute":"numeric"}`, []string{"09:00", "09:00–09:40", "09:00–11:15", "09:00–17:30", "10/01/2024, 09:00 – 11/01/2024, 17:00", "10/01/2024, 09:00 – 05/03/2024, 00:00", "10/01/2024, 09:00 – 01/02/2025, 09:00"}},
		{"de-DE", `{"day":"numeric","month":"long"}`, []string{"10. Januar", "10. Januar", "10. Januar", "10. Januar", "10.–11. Januar", "10. Januar – 5. März", "10. Januar 2024 – 1. Februar 2025"}},
		{"en-US", `{"year":"numeric","month":"short","day":"numeric","hour":"numeric","minute":"2-digit"}`, []string{"Jan 10, 2024, 9:00 AM", "Jan 10, 2024, 9:00 – 9:40 AM", "Jan 10, 2024, 9:00 – 11:15 AM", "Jan 10, 2024, 9:00 AM – 5:30 PM", "Jan 10, 2024, 9:00 AM – Jan 11, 2024, 5:00 PM", "Jan 10, 2024, 9:00 AM – Mar 5, 2024, 12:00 AM", "Jan 10, 2024, 9:00 AM – Feb 1, 2025, 9:00 AM"}},
		{"en-US", `{"month":"long"}`, []string{"January", "January", "January", "January", "January", "January – March", "January – February"}},
		{"en-US", `{"weekday":"long","month":"long","day":"numeric"}`, []string{"Wednesday, January 10", "Wednesday, January 10", "Wednesday, January 10", "Wednesday, January 10", "Wednesday, January 10 – Thursday, January 11", "Wednesday, January 10 – Tuesday, March 5", "Wednesday, January 10, 2024 – Saturday, February 1, 2025"}},
		{"ja-JP", `{"dateStyle":"medium"}`, []string{"2024/01/10", "2024/01/10", "2024/01/10", "2024/01/10", "2024/01/10～2024/01/11", "2024/01/10～2024/03/05", "2024/01/10～2025/02/01"}},
		{"fr-FR", `{"dateStyle":"full"}`, []string{"mercredi 10 janvier 2024", "mercredi 10 janvier 2024", "mercredi 10 janvier 2024", "mercredi 10 janvier 2024", "mercredi 10 – jeudi 11 janvier 2024", "mercredi 10 janvier – mardi 5 mars 2024", "mercredi 10 janvier 2024 – samedi 1 février 2025"}},
		{"en-US", `{"dateStyle":"short","timeStyle":"medium"}`, []string{"1/10/24, 9:00:00 AM", "1/10/24, 9:00:00 AM – 9:40:00 AM", "1/10/24, 9:00:00 AM – 11:15:00 AM", "1/10/24, 9:00:00 AM – 5:30:00 PM", "1/10/24, 9:00:00 AM – 1/11/24, 5:00:00 PM", "1/10/24, 9:00:00 AM – 3/5/24, 12:00:00 AM", "1/10/24, 9:00:00 AM – 2/1/25, 9:00:00 AM"}},
		{"de-DE", `{"dateStyle":"medium"}`, []string{"10.01.2024", "10.01.2024", "10.01.2024", "10.01.2024", "10.–11.01.2024", "10.01. – 05.03.2024", "10.01.2024 – 01.02.2025"}},
		{"es-ES", `{"dateStyle":"long"}`, []string{"10 de enero de 2024", "10 de enero de 2024", "10 de enero de 2024", "10 de enero de 2024", "10–11 de enero de 2024", "10 de enero – 5 de marzo de 2024", "10 de enero de 2024 – 1 de febrero de 2025"}},
		{"zh-CN", `{"dateStyle":"long"}`, []string{"2024年1月10日", "2024年1月10日", "2024年1月10日", "2024年1月10日", "2024/1/10 – 2024/1/11", "2024/1/10 – 2024/3/5", "2024/1/10 – 2025/2/1"}},
		{"ko-KR", `{"dateStyle":"medium"}`, []string{"2024. 1. 10.", "2024. 1. 10.", "2024. 1. 10.", "2024. 1. 10.", "2024. 1. 10. ~ 2024. 1. 11.", "2024. 1. 10. ~ 2024. 3. 5.", "2024. 1. 10. ~ 2025. 2. 1."}},
		{"en-US", `{"month":"short","day":"numeric"}`, []string{"Jan 10", "Jan 10", "Jan 10", "Jan 10", "Jan 10 – 11", "Jan 10 – Mar 5", "Jan 10, 2024 – Feb 1, 2025"}},
		{"en-US", `{"year":"numeric","month":"long"}`, []string{"January 2024", "January 2024", "January 2024", "January 2024", "January 2024", "January – March 2024", "January 2024 – February 2025"}},
		{"en-US", `{"hour":"numeric"}`, []string{"9 AM", "9 AM", "9 – 11 AM", "9 AM – 5 PM", "1/10/2024, 9 AM – 1/11/2024, 5 PM", "1/10/2024, 9 AM – 3/5/2024, 12 AM", "1/10/2024, 9 AM – 2/1/2025, 9 AM"}},
		{"de-DE", `{"hour":"2-digit","minute":"2-digit"}`, []string{"09:00", "09:00–09:40 Uhr", "09:00–11:15 Uhr", "09:00–17:30 Uhr", "10.1.2024, 09:00 – 11.1.2024, 17:00", "10.1.2024, 09:00 – 5.3.2024, 00:00", "10.1.2024, 09:00 – 1.2.2025, 09:00"}},
		{"fr-FR", `{"hour":"numeric","minute":"numeric"}`, []string{"09:00", "09:00 – 09:40", "09:00 – 11:15", "09:00 – 17:30", "10/01/2024 09:00 – 11/01/2024 17:00", "10/01/2024 09:00 – 05/03/2024 00:00", "10/01/2024 09:00 – 01/02/2025 09:00"}},
		{"ru-RU", `{"dateStyle":"long"}`, []string{"10 января 2024 г.", "10 января 2024 г.", "10 января 2024 г.", "10 января 2024 г.", "10–11 января 2024 г.", "10 января – 5 марта 2024 г.", "10 января 2024 г. – 1 февраля 2025 г."}},
		{"pt-BR", `{"dateStyle":"short"}`, []string{"10/01/2024", "10/01/2024", "10/01/2024", "10/01/2024", "10/01/2024 – 11/01/2024", "10/01/2024 – 05/03/2024", "10/01/2024 – 01/02/2025"}},
		{"en-US", `{"year":"numeric"}`, []string{"2024", "2024", "2024", "2024", "2024", "2024", "2024 – 2025"}},
		{"en-US", `{"timeStyle":"short"}`, []string{"9:00 AM", "9:00 – 9:40 AM", "9:00 – 11:15 AM", "9:00 AM – 5:30 PM", "1/10/2024, 9:00 AM – 1/11/2024, 5:00 PM", "1/10/2024, 9:00 AM – 3/5/2024, 12:00 AM", "1/10/2024, 9:00 AM – 2/1/2025, 9:00 AM"}},
		{"it-IT", `{"day":"numeric","month":"short","year":"numeric"}`, []string{"10 gen 2024", "10 gen 2024", "10 gen 2024", "10 gen 2024", "10–11 gen 2024", "10 gen – 05 mar 2024", "10 gen 2024 – 01 feb 2025"}},
		{"en-US", `{"hour":"numeric","minute":"numeric","hour12":false}`, []string{"09:00", "09:00 – 09:40", "09:00 – 11:15", "09:00 – 17:30", "1/10/2024, 09:00 – 1/11/2024, 17:00", "1/10/2024, 09:00 – 3/5/2024, 24:00", "1/10/2024, 09:00 – 2/1/2025, 09:00"}},
		{"en-US", `{"dateStyle":"full"}`, []string{"Wednesday, January 10, 2024", "Wednesday, January 10, 2024", "Wednesday, January 10, 2024", "Wednesday, January 10, 2024", "Wednesday, January 10 – Thursday, January 11, 2024", "Wednesday, January 10 – Tuesday, March 5, 2024", "Wednesday, January 10, 2024 – Saturday, February 1, 2025"}},
		{"ar-EG", `{"dateStyle":"medium"}`, []string{"١٠\u200f/٠١\u200f/٢٠٢٤", "١٠\u200f/٠١\u200f/٢٠٢٤", "١٠\u200f/٠١\u200f/٢٠٢٤", "١٠\u200f/٠١\u200f/٢٠٢٤", "١٠\u200f/١\u200f/٢٠٢٤ – ١١\u200f/١\u200f/٢٠٢٤", "١٠\u200f/١\u200f/٢٠٢٤ – ٥\u200f/٣\u200f/٢٠٢٤", "١٠\u200f/١\u200f/٢٠٢٤ – ١\u200f/٢\u200f/٢٠٢٥"}},
		{"he-IL", `{"day":"numeric","month":"long","year":"numeric"}`, []string{"10 בינואר 2024", "10 בינואר 2024", "10 בינואר 2024", "10 בינואר 2024", "10–11 בינואר 2024", "10 ינואר – 5 מרץ 2024", "10 ינואר 2024 – 1 פברואר 2025"}},
		{"hi-IN", `{"dateStyle":"medium"}`, []string{"10 जन॰ 2024", "10 जन॰ 2024", "10 जन॰ 2024", "10 जन॰ 2024", "10–11 जन॰ 2024", "10 जन॰ – 5 मार्च 2024", "10 जन॰ 2024 – 1 फ़र॰ 2025"}},
		{"nl-NL", `{"month":"long","day":"numeric"}`, []string{"10 januari", "10 januari", "10 januari", "10 januari", "10–11 januari", "10 januari – 5 maart", "10 januari 2024 – 1 februari 2025"}},
		{"sv-SE", `{"dateStyle":"medium"}`, []string{"10 jan. 2024", "10 jan. 2024", "10 jan. 2024", "10 jan. 2024", "10–11 jan. 2024", "10 jan.–5 mars 2024", "10 jan. 2024–1 feb. 2025"}},
		{"pl-PL", `{"day":"numeric","month":"long","year":"numeric"}`, []string{"10 stycznia 2024", "10 stycznia 2024", "10 stycznia 2024", "10 stycznia 2024", "10–11 stycznia 2024", "10 stycznia – 5 marca 2024", "10 stycznia 2024 – 1 lutego 2025"}},
		{"en-US", `{"hour":"numeric","minute":"numeric","timeZoneName":"short"}`, []string{"9:00 AM UTC", "9:00 – 9:40 AM UTC", "9:00 – 11:15 AM UTC", "9:00 AM – 5:30 PM UTC", "1/10/2024, 9:00 AM UTC – 1/11/2024, 5:00 PM UTC", "1/10/2024, 9:00 AM UTC – 3/5/2024, 12:00 AM UTC", "1/10/2024, 9:00 AM UTC – 2/1/2025, 9:00 AM UTC"}},
		{"en-US", `{"weekday":"short","hour":"numeric"}`, []string{"Wed 9 AM", "Wed 9 AM", "Wed, 9 – 11 AM", "Wed, 9 AM – 5 PM", "10 Wed, 9 AM – 11 Thu, 5 PM", "Wed, 1/10, 9 AM – Tue, 3/5, 12 AM", "Wed, 1/10/2024, 9 AM – Sat, 2/1/2025, 9 AM"}},
		{"en-US", `{"month":"numeric","day":"numeric"}`, []string{"1/10", "1/10", "1/10", "1/10", "1/10 – 1/11", "1/10 – 3/5", "1/10/2024 – 2/1/2025"}},
	} {
		df := newDateFormatJSON(t, c.loc, c.options)
		for i, end := range rangeEnds {
			parts, single, err := df.formatRange(float64(rangeEnds[0].UnixMilli()), float64(end.UnixMilli()))
			require.NoError(t, err)
			got := joinSourceParts(parts)
			if single {
				got = strings.ReplaceAll(got, "\u202f", " ")
			}
			assert.Equal(t, c.want[i], got, "%s %s to %s", c.loc, c.options, end)
		}
	}
}

// Each expectation is what Node 20 prints for formatRangeToParts.
func TestDateFormatRangeToPartsMatchesNode(t *testing.T) {
	for _, c := range []struct {
		loc, options string
		x, y         float64
		want         string
	}{
		{"de-DE", `{"day":"numeric","month":"long"}`, 1714521600000, 1715040000000, `[{"type":"day","value":"1","source":"startRange"},{"type":"literal","value":".–","source":"shared"},{"type":"day","value":"7","source":"endRange"},{"type":"literal","value":". ","source":"shared"},{"type":"month","value":"Mai","source":"shared"}]`},
		{"en-US", `{"hour":"numeric","minute":"numeric"}`, 1704877200000, 1704907800000, `[{"type":"hour","value":"9","source":"startRange"},{"type":"literal","value":":","source":"startRange"},{"type":"minute","value":"00","source":"startRange"},{"type":"literal","value":" ","source":"startRange"},{"type":"dayPeriod","value":"AM","source":"startRange"},{"type":"literal","value":" – ","source":"shared"},{"type":"hour","value":"5","source":"endRange"},{"type":"literal","value":":","source":"endRange"},{"type":"minute","value":"30","source":"endRange"},{"type":"literal","value":" ","source":"endRange"},{"type":"dayPeriod","value":"PM","source":"endRange"}]`},
		{"en-US", `{"dateStyle":"medium"}`, 1704844800000, 1704931200000, `[{"type":"month","value":"Jan","source":"shared"},{"type":"literal","value":" ","source":"shared"},{"type":"day","value":"10","source":"startRange"},{"type":"literal","value":" – ","source":"shared"},{"type":"day","value":"11","source":"endRange"},{"type":"literal","value":", ","source":"shared"},{"type":"year","value":"2024","source":"shared"}]`},
		{"en-US", `{"dateStyle":"medium","timeStyle":"short"}`, 1704877200000, 1704907800000, `[{"type":"month","value":"Jan","source":"shared"},{"type":"literal","value":" ","source":"shared"},{"type":"day","value":"10","source":"shared"},{"type":"literal","value":", ","source":"shared"},{"type":"year","value":"2024","source":"shared"},{"type":"literal","value":", ","source":"shared"},{"type":"hour","value":"9","source":"startRange"},{"type":"literal","value":":","source":"startRange"},{"type":"minute","value":"00","source":"startRange"},{"type":"literal","value":" ","source":"startRange"},{"type":"dayPeriod","value":"AM","source":"startRange"},{"type":"literal","value":" – ","source":"shared"},{"type":"hour","value":"5","source":"endRange"},{"type":"literal","value":":","source":"endRange"},{"type":"minute","value":"30","source":"endRange"},{"type":"literal","value":" ","source":"endRange"},{"type":"dayPeriod","value":"PM","source":"endRange"}]`},
		{"ja-JP", `{"dateStyle":"long"}`, 1704844800000, 1707609600000, `[{"type":"year","value":"2024","source":"startRange"},{"type":"literal","value":"/","source":"startRange"},{"type":"month","value":"01","source":"startRange"},{"type":"literal","value":"/","source":"startRange"},{"type":"day","value":"10","source":"startRange"},{"type":"literal","value":"～","source":"shared"},{"type":"year","value":"2024","source":"endRange"},{"type":"literal","value":"/","source":"endRange"},{"type":"month","value":"02","source":"endRange"},{"type":"literal","value":"/","source":"endRange"},{"type":"day","value":"11","source":"endRange"}]`},
		{"en-US", `{"hour":"numeric","minute":"numeric"}`, 1704877200000, 1704877200000, `[{"type":"hour","value":"9","source":"shared"},{"type":"literal","value":":","source":"shared"},{"type":"minute","value":"00","source":"shared"},{"type":"literal","value":" ","source":"shared"},{"type":"dayPeriod","value":"AM","source":"shared"}]`},
	} {
		parts, _, err := newDateFormatJSON(t, c.loc, c.options).formatRange(c.x, c.y)
		require.NoError(t, err)
		got, err := json.Marshal(parts)
		require.NoError(t, err)
		assert.JSONEq(t, c.want, string(got), "%s %s", c.loc, c.options)
	}
}

// Each expectation is what Node 20 prints for formatRange from
// 2024-01-10 09:00 UTC to the next day 17:00 and to 09:40, with an hour
// cycle or width asked for.
func TestDateFormatRangeHoursMatchNode(t *testing.T) {
	start := float64(rangeEnds[0].UnixMilli())
	nextDay, later := float64(rangeEnds[4].UnixMilli()), float64(rangeEnds[1].UnixMilli())
	for _, c := range []struct{ loc, options, nextDay, later string }{
		{"de-DE", `{"hour":"numeric","minute":"2-digit","hour12":false}`, "10.1.2024, 09:00 – 11.1.2024, 17:00", "09:00–09:40 Uhr"},
		{"de-DE", `{"hour":"numeric","minute":"2-digit","hourCycle":"h23"}`, "10.1.2024, 09:00 – 11.1.2024, 17:00", "09:00–09:40 Uhr"},
		{"de-DE", `{"hour":"numeric","hour12":true}`, "10.1.2024, 9 AM – 11.1.2024, 5 PM", "9 AM"},
		{"de-DE", `{"hour":"2-digit","minute":"2-digit"}`, "10.1.2024, 09:00 – 11.1.2024, 17:00", "09:00–09:40 Uhr"},
		{"en-GB", `{"hour":"numeric","minute":"2-digit","hour12":false}`, "10/01/2024, 09:00 – 11/01/2024, 17:00", "09:00–09:40"},
		{"en-GB", `{"hour":"numeric","minute":"2-digit","hourCycle":"h23"}`, "10/01/2024, 09:00 – 11/01/2024, 17:00", "09:00–09:40"},
		{"en-GB", `{"hour":"numeric","hour12":true}`, "10/01/2024, 9 am – 11/01/2024, 5 pm", "9 am"},
		{"en-GB", `{"hour":"2-digit","minute":"2-digit"}`, "10/01/2024, 09:00 – 11/01/2024, 17:00", "09:00–09:40"},
		{"fr-FR", `{"hour":"numeric","minute":"2-digit","hour12":false}`, "10/01/2024 09:00 – 11/01/2024 17:00", "09:00 – 09:40"},
		{"fr-FR", `{"hour":"numeric","minute":"2-digit","hourCycle":"h23"}`, "10/01/2024 09:00 – 11/01/2024 17:00", "09:00 – 09:40"},
		{"fr-FR", `{"hour":"numeric","hour12":true}`, "10/01/2024 9 AM – 11/01/2024 5 PM", "9 AM"},
		{"fr-FR", `{"hour":"2-digit","minute":"2-digit"}`, "10/01/2024 09:00 – 11/01/2024 17:00", "09:00 – 09:40"},
		{"en-US", `{"hour":"numeric","minute":"2-digit","hour12":false}`, "1/10/2024, 09:00 – 1/11/2024, 17:00", "09:00 – 09:40"},
		{"en-US", `{"hour":"numeric","minute":"2-digit","hourCycle":"h23"}`, "1/10/2024, 09:00 – 1/11/2024, 17:00", "09:00 – 09:40"},
		{"en-US", `{"hour":"numeric","hour12":true}`, "1/10/2024, 9 AM – 1/11/2024, 5 PM", "9 AM"},
		{"en-US", `{"hour":"2-digit","minute":"2-digit"}`, "1/10/2024, 9:00 AM – 1/11/2024, 5:00 PM", "9:00 – 9:40 AM"},
		{"ja-JP", `{"hour":"numeric","minute":"2-digit","hour12":false}`, "2024/1/10 9:00～2024/1/11 17:00", "9時00分～9時40分"},
		{"ja-JP", `{"hour":"numeric","minute":"2-digit","hourCycle":"h23"}`, "2024/1/10 9:00～2024/1/11 17:00", "9時00分～9時40分"},
		{"ja-JP", `{"hour":"numeric","hour12":true}`, "2024/1/10 午前9時～2024/1/11 午後5時", "午前9時"},
		{"ja-JP", `{"hour":"2-digit","minute":"2-digit"}`, "2024/1/10 9:00～2024/1/11 17:00", "9時00分～9時40分"},
	} {
		df := newDateFormatJSON(t, c.loc, c.options)
		for _, end := range []struct {
			y    float64
			want string
		}{{nextDay, c.nextDay}, {later, c.later}} {
			parts, single, err := df.formatRange(start, end.y)
			require.NoError(t, err)
			got := joinSourceParts(parts)
			if single {
				got = strings.ReplaceAll(got, "\u202f", " ")
			}
			assert.Equal(t, end.want, got, "%s %s", c.loc, c.options)
		}
	}
}
