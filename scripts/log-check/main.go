// log-check verifies a running Luthier Registry's transparency log with Go's own sumdb packages, independently of
// the project's TypeScript: the checkpoint with note.Open, every leaf with tlog.CheckRecord against the
// checkpoint, the checkpoint's root recomputed from all leaves, and consistency proofs with tlog.CheckTree.
//
//	GO111MODULE=off GOPATH=/usr/share/gocode:$TMP go run ./scripts/log-check http://127.0.0.1:3000 [passport code]
//
// `log-check tiles <base URL> [older checkpoint file]` reads the same log as C2SP tlog-tiles instead (tiles.go).
package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "log-check: "+format+"\n", args...)
	os.Exit(1)
}

func get(base, path string) []byte {
	res, err := http.Get(base + path)
	if err != nil {
		fail("GET %s: %v", path, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != 200 {
		fail("GET %s: status %d %s", path, res.StatusCode, body)
	}
	return body
}

func getJSON(base, path string, v interface{}) {
	if err := json.Unmarshal(get(base, path), v); err != nil {
		fail("GET %s: %v", path, err)
	}
}

func hashes(list []string) []tlog.Hash {
	out := make([]tlog.Hash, len(list))
	for i, s := range list {
		b, err := base64.StdEncoding.DecodeString(s)
		if err != nil || len(b) != tlog.HashSize {
			fail("bad hash %q", s)
		}
		copy(out[i][:], b)
	}
	return out
}

// openCheckpoint verifies the signed note and parses "<origin>\n<size>\n<base64 root>\n".
func openCheckpoint(msg []byte, verifier note.Verifier) tlog.Tree {
	n, err := note.Open(msg, note.VerifierList(verifier))
	if err != nil {
		fail("note.Open: %v", err)
	}
	lines := strings.Split(n.Text, "\n")
	if len(lines) < 4 || lines[0] != verifier.Name() {
		fail("checkpoint body %q does not start with origin %s", n.Text, verifier.Name())
	}
	size, err := strconv.ParseInt(lines[1], 10, 64)
	if err != nil {
		fail("checkpoint size %q: %v", lines[1], err)
	}
	return tlog.Tree{N: size, Hash: hashes([]string{lines[2]})[0]}
}

func loadVerifier(base string) note.Verifier {
	vkey := strings.TrimSpace(string(get(base, "/api/log/key")))
	verifier, err := note.NewVerifier(vkey)
	if err != nil {
		fail("note.NewVerifier(%q): %v", vkey, err)
	}
	return verifier
}

type hashStore map[int64]tlog.Hash

func (s hashStore) ReadHashes(indexes []int64) ([]tlog.Hash, error) {
	out := make([]tlog.Hash, len(indexes))
	for i, x := range indexes {
		h, ok := s[x]
		if !ok {
			return nil, fmt.Errorf("no stored hash %d", x)
		}
		out[i] = h
	}
	return out, nil
}

func main() {
	if len(os.Args) < 2 {
		fail("usage: log-check <base URL> [passport code]")
	}
	if os.Args[1] == "tiles" {
		if len(os.Args) < 3 {
			fail("usage: log-check tiles <base URL> [older checkpoint file]")
		}
		older := ""
		if len(os.Args) > 3 {
			older = os.Args[3]
		}
		checkTiles(strings.TrimRight(os.Args[2], "/"), older)
		return
	}
	base := strings.TrimRight(os.Args[1], "/")
	verifier := loadVerifier(base)
	tree := openCheckpoint(get(base, "/api/log/checkpoint"), verifier)

	// Rebuild the tree from the leaves alone, the way a Go sumdb client stores it.
	store := hashStore{}
	leafHashes := make([]tlog.Hash, tree.N)
	for i := int64(0); i < tree.N; i++ {
		var entry struct {
			Index      int64  `json:"index"`
			LeafBase64 string `json:"leafBase64"`
			Leaf       string `json:"leaf"`
		}
		getJSON(base, fmt.Sprintf("/api/log/entries/%d", i), &entry)
		leaf, err := base64.StdEncoding.DecodeString(entry.LeafBase64)
		if err != nil || string(leaf) != entry.Leaf || entry.Index != i {
			fail("entry %d: leafBase64 and leaf disagree", i)
		}
		leafHashes[i] = tlog.RecordHash(leaf)
		stored, err := tlog.StoredHashes(i, leaf, store)
		if err != nil {
			fail("StoredHashes(%d): %v", i, err)
		}
		for k, h := range stored {
			store[tlog.StoredHashIndex(0, i)+int64(k)] = h
		}
	}
	root, err := tlog.TreeHash(tree.N, store)
	if err != nil || root != tree.Hash {
		fail("root recomputed from %d leaves is %v, checkpoint says %v (%v)", tree.N, root, tree.Hash, err)
	}

	for i := int64(0); i < tree.N; i++ {
		var p struct{ Proof []string }
		getJSON(base, fmt.Sprintf("/api/log/proof/inclusion?index=%d&size=%d", i, tree.N), &p)
		if err := tlog.CheckRecord(hashes(p.Proof), tree.N, tree.Hash, i, leafHashes[i]); err != nil {
			fail("CheckRecord(index %d, size %d): %v", i, tree.N, err)
		}
	}
	checked := 0
	for m := int64(1); m < tree.N; m++ {
		older, err := tlog.TreeHash(m, store)
		if err != nil {
			fail("TreeHash(%d): %v", m, err)
		}
		var p struct{ Proof []string }
		getJSON(base, fmt.Sprintf("/api/log/proof/consistency?from=%d&to=%d", m, tree.N), &p)
		if err := tlog.CheckTree(hashes(p.Proof), tree.N, tree.Hash, m, older); err != nil {
			fail("CheckTree(%d → %d): %v", m, tree.N, err)
		}
		checked++
	}

	if len(os.Args) > 2 {
		var log struct {
			Checkpoint string
			Entries    []struct {
				Index      int64
				LeafBase64 string
				Proof      []string
			}
		}
		getJSON(base, "/api/public/passports/"+os.Args[2]+"/log", &log)
		ptree := openCheckpoint([]byte(log.Checkpoint), verifier)
		for _, e := range log.Entries {
			leaf, _ := base64.StdEncoding.DecodeString(e.LeafBase64)
			if err := tlog.CheckRecord(hashes(e.Proof), ptree.N, ptree.Hash, e.Index, tlog.RecordHash(leaf)); err != nil {
				fail("passport %s entry %d: %v", os.Args[2], e.Index, err)
			}
		}
		fmt.Printf("passport %s: %d entries verified\n", os.Args[2], len(log.Entries))
	}
	fmt.Printf("ok: %s size %d, %d inclusion and %d consistency proofs verified\n", verifier.Name(), tree.N, tree.N, checked)
}
