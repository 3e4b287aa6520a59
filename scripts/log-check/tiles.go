package main

// `log-check tiles <base URL> [older checkpoint file]` reads the log the way a C2SP tlog-tiles client does: the
// checkpoint from <base>/log/checkpoint, hashes only from tiles (tlog.TileHashReader over a TileReader that
// fetches the C2SP addresses), entries only from entry bundles. It rebuilds the signed root from the tiles,
// proves every entry with tlog.ProveRecord and tlog.CheckRecord, checks each bundle entry hashes to its level-0
// tile hash, and, given an earlier signed checkpoint, proves the tree of today extends it (tlog.ProveTree).

import (
	"encoding/binary"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"

	"golang.org/x/mod/sumdb/tlog"
)

const tileHeight = 8
const tileWidth = 1 << tileHeight

// c2spTilePath is tile/<L>/<N>[.p/<W>] with <N> in 3-digit groups, all but the last starting with "x". It is not
// tlog.Tile.Path, which writes Go's sumdb layout (tile/<H>/<L>/…, and "data" for entries).
func c2spTilePath(level string, n int64, width int) string {
	s := fmt.Sprintf("%03d", n%1000)
	for n /= 1000; n > 0; n /= 1000 {
		s = fmt.Sprintf("x%03d/%s", n%1000, s)
	}
	path := "tile/" + level + "/" + s
	if width < tileWidth {
		path += fmt.Sprintf(".p/%d", width)
	}
	return path
}

// fetchTile GETs one tile or bundle; any status but 200, or another content type, is an error.
func fetchTile(url string) (body []byte, gzipped bool, err error) {
	res, err := http.Get(url)
	if err != nil {
		return nil, false, err
	}
	defer res.Body.Close()
	body, err = io.ReadAll(res.Body)
	if err != nil {
		return nil, false, err
	}
	if res.StatusCode != 200 {
		return nil, false, fmt.Errorf("GET %s: status %d %s", url, res.StatusCode, body)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/octet-stream" {
		return nil, false, fmt.Errorf("GET %s: Content-Type %q", url, ct)
	}
	// Go's transport asked for gzip itself and undid it: Uncompressed says the server sent it compressed.
	return body, res.Uncompressed, nil
}

// httpTiles is a tlog.TileReader over HTTP. Tiles TileHashReader has authenticated (SaveTiles) are kept, as a
// client's cache would keep them; everything else is fetched.
type httpTiles struct {
	prefix  string
	saved   map[string][]byte
	fetched int
}

func (r *httpTiles) Height() int { return tileHeight }

func (r *httpTiles) ReadTiles(tiles []tlog.Tile) ([][]byte, error) {
	out := make([][]byte, len(tiles))
	for i, t := range tiles {
		path := c2spTilePath(strconv.Itoa(t.L), t.N, t.W)
		if data, ok := r.saved[path]; ok {
			out[i] = data
			continue
		}
		data, _, err := fetchTile(r.prefix + path)
		if err != nil {
			return nil, err
		}
		if len(data) != t.W*tlog.HashSize {
			return nil, fmt.Errorf("%s: %d bytes, want %d", path, len(data), t.W*tlog.HashSize)
		}
		r.fetched++
		out[i] = data
	}
	return out, nil
}

func (r *httpTiles) SaveTiles(tiles []tlog.Tile, data [][]byte) {
	for i, t := range tiles {
		r.saved[c2spTilePath(strconv.Itoa(t.L), t.N, t.W)] = data[i]
	}
}

// splitBundle reads big-endian uint16 length-prefixed entries, and nothing may be left over.
func splitBundle(data []byte) ([][]byte, error) {
	var out [][]byte
	for len(data) > 0 {
		if len(data) < 2 {
			return nil, fmt.Errorf("a truncated length at the end")
		}
		n := int(binary.BigEndian.Uint16(data))
		if len(data) < 2+n {
			return nil, fmt.Errorf("entry %d claims %d bytes, %d remain", len(out), n, len(data)-2)
		}
		out = append(out, data[2:2+n])
		data = data[2+n:]
	}
	return out, nil
}

func checkTiles(base string, olderFile string) {
	verifier := loadVerifier(base)
	body := get(base, "/log/checkpoint")
	if string(body) != string(get(base, "/api/log/checkpoint")) {
		fail("/log/checkpoint and /api/log/checkpoint differ")
	}
	tree := openCheckpoint(body, verifier)
	tiles := &httpTiles{prefix: base + "/log/", saved: map[string][]byte{}}
	hr := tlog.TileHashReader(tree, tiles)
	if root, err := tlog.TreeHash(tree.N, hr); err != nil || root != tree.Hash {
		fail("root from tiles is %v, checkpoint says %v (%v)", root, tree.Hash, err)
	}

	bundles, gzipped := 0, 0
	for k := int64(0); k*tileWidth < tree.N; k++ {
		width := tree.N - k*tileWidth
		if width > tileWidth {
			width = tileWidth
		}
		path := c2spTilePath("entries", k, int(width))
		data, compressed, err := fetchTile(base + "/log/" + path)
		if err != nil {
			fail("%v", err)
		}
		entries, err := splitBundle(data)
		if err != nil || int64(len(entries)) != width {
			fail("%s: %d entries, want %d (%v)", path, len(entries), width, err)
		}
		bundles++
		if compressed {
			gzipped++
		}
		for j, leaf := range entries {
			i := k*tileWidth + int64(j)
			h := tlog.RecordHash(leaf)
			inTile, err := hr.ReadHashes([]int64{tlog.StoredHashIndex(0, i)})
			if err != nil || inTile[0] != h {
				fail("entry %d of %s does not hash to its level-0 tile hash (%v)", i, path, err)
			}
			proof, err := tlog.ProveRecord(tree.N, i, hr)
			if err != nil {
				fail("ProveRecord(%d, %d): %v", tree.N, i, err)
			}
			if err := tlog.CheckRecord(proof, tree.N, tree.Hash, i, h); err != nil {
				fail("CheckRecord(entry %d, size %d): %v", i, tree.N, err)
			}
		}
	}

	consistent := ""
	if olderFile != "" {
		msg, err := os.ReadFile(olderFile)
		if err != nil {
			fail("%v", err)
		}
		old := openCheckpoint(msg, verifier)
		proof, err := tlog.ProveTree(tree.N, old.N, hr)
		if err != nil {
			fail("ProveTree(%d, %d): %v", tree.N, old.N, err)
		}
		if err := tlog.CheckTree(proof, tree.N, tree.Hash, old.N, old.Hash); err != nil {
			fail("CheckTree(%d → %d): %v", old.N, tree.N, err)
		}
		consistent = fmt.Sprintf(", extends the checkpoint of size %d", old.N)
	}
	fmt.Printf("tiles ok: %s size %d, %d entries proven from %d bundles (%d gzip) and %d tiles%s\n",
		verifier.Name(), tree.N, tree.N, bundles, gzipped, tiles.fetched, consistent)
}
