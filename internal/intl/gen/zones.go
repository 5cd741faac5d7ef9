package main

import (
	"fmt"
	"path"
	"sort"
	"strings"
)

// zoneTables are what the names of time zones depend on beyond a
// locale: each zone's region, the zones of each region, the primary zone
// of the regions with several, and each metazone's current zones and
// reference zones.
type zoneTables struct {
	region     map[string]string            // zone ID, region
	byRegion   map[string][]string          // region, zone IDs sorted
	primary    map[string]string            // region, its primary zone
	metazone   map[string]string            // zone ID, today's metazone
	references map[string]map[string]string // metazone, territory ("001" for the world), zone ID
}

// readZoneTables reads the zones of cldr-bcp47, with the region each is
// in (the bcp47 key starts with it, usnyc is in US, unless _region says
// otherwise: Europe/Mariehamn's fimhq is in AX), and cldr-core's primary
// zones and metazones.
func (r *reader) readZoneTables() zoneTables {
	z := zoneTables{
		region:     map[string]string{},
		byRegion:   map[string][]string{},
		primary:    map[string]string{},
		metazone:   map[string]string{},
		references: map[string]map[string]string{},
	}
	for key, v := range r.at(r.file("cldr-bcp47/bcp47/timezone.json"), "keyword", "u", "tz") {
		entry, ok := v.(obj)
		if !ok || strings.HasPrefix(key, "_") || len(key) < 3 || entry["_deprecated"] == "true" {
			continue
		}
		names := strings.Fields(fmt.Sprint(entry["_alias"]))
		if len(names) == 0 || !strings.Contains(names[0], "/") || strings.HasPrefix(names[0], "Etc/") {
			continue
		}
		region, ok := entry["_region"].(string)
		if !ok {
			region = strings.ToUpper(key[:2])
		}
		z.region[names[0]] = region
		z.byRegion[region] = append(z.byRegion[region], names[0])
	}
	for _, zones := range z.byRegion {
		sort.Strings(zones)
	}
	for region, zone := range r.at(r.file("cldr-core/supplemental/primaryZones.json"), "supplemental", "primaryZones") {
		z.primary[region] = zone.(string)
	}
	mz := r.at(r.file("cldr-core/supplemental/metaZones.json"), "supplemental", "metaZones")
	var walk func(prefix string, v obj)
	walk = func(prefix string, v obj) {
		for k, child := range v {
			switch c := child.(type) {
			case []any:
				for _, u := range c {
					use := r.at(u, "usesMetazone")
					if _, ended := use["_to"]; !ended {
						z.metazone[prefix+k] = use["_mzone"].(string)
					}
				}
			case obj:
				walk(prefix+k+"/", c)
			}
		}
	}
	walk("", r.at(mz, "metazoneInfo", "timezone"))
	list, _ := mz["metazones"].([]any)
	for _, m := range list {
		mapZone := r.at(m, "mapZone")
		name, _ := mapZone["_other"].(string)
		territory, _ := mapZone["_territory"].(string)
		zone, _ := mapZone["_type"].(string)
		if z.references[name] == nil {
			z.references[name] = map[string]string{}
		}
		z.references[name][territory] = zone
	}
	return z
}

// reference is the zone a metazone stands for in a territory, else in
// the world.
func (z zoneTables) reference(metazone, territory string) string {
	if zone, ok := z.references[metazone][territory]; ok {
		return zone
	}
	return z.references[metazone]["001"]
}

// needsCity says whether a zone's name can be its exemplar city: the
// zones of a region with several, but its primary one, are named after
// their city ("Sydney Time"), and so is a zone whose offset can differ
// from its metazone's while it is not the metazone's reference zone in
// its region ("Central European Time (Algiers)"). Every other zone is
// named after its country, so its city's name is not carried.
func (z zoneTables) needsCity(zone string) bool {
	region, ok := z.region[zone]
	if !ok {
		return false
	}
	if len(z.byRegion[region]) > 1 && z.primary[region] != zone {
		return true
	}
	mz, ok := z.metazone[zone]
	return ok && z.reference(mz, region) != zone
}

// exemplarCities are a locale's names of the cities that name zones
// (see needsCity), where the name is not the one ICU derives from the
// zone's ID (America/Los_Angeles is "Los Angeles").
func (r *reader) exemplarCities(zones obj) obj {
	out := obj{}
	forEachZone(zones, func(id string, z obj) {
		city, ok := z["exemplarCity"].(string)
		_, name := path.Split(id)
		if ok && r.zones.needsCity(id) && city != strings.ReplaceAll(name, "_", " ") {
			out[id] = city
		}
	})
	return out
}

// forEachZone calls fn with the ID and data of every zone in CLDR's tree of
// zone names (America → Argentina → Buenos_Aires), the nodes that carry
// a zone's own data (its type, exemplar city or names) rather than a
// level of its ID.
func forEachZone(tree obj, fn func(id string, zone obj)) {
	var walk func(prefix string, v obj)
	walk = func(prefix string, v obj) {
		for k, child := range v {
			c, ok := child.(obj)
			if !ok {
				continue
			}
			_, city := c["exemplarCity"]
			_, long := c["long"]
			_, short := c["short"]
			if c["_type"] == "zone" || city || long || short {
				fn(prefix+k, c)
				continue
			}
			walk(prefix+k+"/", c)
		}
	}
	walk("", tree)
}
