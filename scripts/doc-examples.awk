# SPDX-License-Identifier: MIT
# scripts/doc-examples: reads a Markdown file, runs the commands of its example
# blocks, prints the file (with the blocks brought up to date) on stdout and, for
# every stale block, a report on stderr; exits 1 when some block was stale.
# Variables: top (where the commands run), update (1: no report), doc (the name),
# errfile (a scratch file for the commands' stderr), skip (an ERE: commands that
# match it are left as they are, not run).

function trim(s) {
    sub(/^[ \t]+/, "", s)
    sub(/[ \t]+$/, "", s)
    return s
}

function is_elision(s) {
    return trim(s) == "…"
}

# Digits after the point of a decimal number.
function decimals(x) {
    if (index(x, ".") == 0)
        return 0
    sub(/^[^.]*\./, "", x)
    sub(/[^0-9].*$/, "", x)
    return length(x)
}

# The line with what a machine changes masked: decimal numbers with at most six
# digits after the point (times, rates, speeds: "2656.6", "0.305404", "1.345e+05",
# "2e+05", "1.00×", "2.90%"; a toi printed in full, "0.04523222037614761", stays) and
# absolute paths;
# whitespace runs are one space, so that column widths may change.
function masked(s,    n, i, t, core, parts, out) {
    n = split(s, parts, /[ \t]+/)
    out = ""
    for (i = 1; i <= n; i++) {
        t = parts[i]
        if (t == "")
            continue
        core = t
        gsub(/^[(\[]+/, "", core)
        gsub(/[)\],;:%]+$/, "", core)
        if (core ~ /^[-+]?[0-9]+\.[0-9]+(e[-+]?[0-9]+)?(×|s|us)?$/ && decimals(core) <= 6 ||
            core ~ /^[-+]?[0-9]+e[-+]?[0-9]+$/ ||
            core ~ /^[0-9.]+×$/)
            t = "#"
        else if (core ~ /^\//)
            t = "/#"
        out = out (out == "" ? "" : " ") t
    }
    return out
}

# Runs cmd in top; its lines into got[1..], those of stdout and then those of stderr
# (as a terminal shows them when stderr has the closing summary; through a pipe
# stdout would come last), trailing empty lines dropped; returns their number.
function run(cmd,    sh, n, line) {
    sh = "cd '" top "' && { " cmd "\n} 2>'" errfile "'; cat '" errfile "'"
    n = 0
    while ((sh | getline line) > 0)
        got[++n] = line
    close(sh)
    while (n > 0 && got[n] == "")
        n--
    return n
}

# Whether want[a..b] (no elision inside) matches got[p..p+b-a].
function segment_at(a, b, p, ngot,    i) {
    if (p < 1 || p + (b - a) > ngot)
        return 0
    for (i = a; i <= b; i++)
        if (masked(want[i]) != masked(got[p + i - a]))
            return 0
    return 1
}

# Checks want[1..nwant] against got[1..ngot] segment by segment; on update,
# fills fresh[1..] with the output to show instead (same elisions) and returns its
# length in nfresh.  Returns 1 when it matched.
function compare(nwant, ngot,    i, k, nseg, sa, sb, p, q, ok, open_start, open_end, first) {
    nseg = 0
    i = 1
    while (i <= nwant) {
        if (is_elision(want[i])) {
            i++
            continue
        }
        nseg++
        sa[nseg] = i
        while (i <= nwant && !is_elision(want[i]))
            i++
        sb[nseg] = i - 1
    }
    open_start = nwant > 0 && is_elision(want[1])
    open_end = nwant > 0 && is_elision(want[nwant])
    ok = 1
    p = 1
    nfresh = 0
    if (nwant == 0)
        return 1 # no output shown: none compared, none written
    if (nseg == 0) { # only elisions: any output, written back as they are
        for (i = 1; i <= nwant; i++)
            fresh[++nfresh] = want[i]
        return 1
    }
    # the elisions are written back as the block has them (indented or not)
    if (open_start)
        fresh[++nfresh] = want[1]
    for (k = 1; k <= nseg; k++) {
        q = 0
        if (k == 1 && !open_start) {
            q = segment_at(sa[k], sb[k], 1, ngot) ? 1 : 0
        } else {
            for (first = p; first <= ngot && !q; first++)
                if (segment_at(sa[k], sb[k], first, ngot))
                    q = first
        }
        if (k == nseg && !open_end && q && q + (sb[k] - sa[k]) != ngot)
            q = 0 # the output goes on where the block ends
        if (!q) {
            ok = 0
            if (!update && !reported) {
                reported = 1
                printf "%s:%d: stale example: `%s`\n", doc, want_line[sa[k]], command > "/dev/stderr"
                printf "  the block shows:\n" > "/dev/stderr"
                for (i = sa[k]; i <= sb[k]; i++)
                    printf "    %s\n", want[i] > "/dev/stderr"
                printf "  the program prints:\n" > "/dev/stderr"
                for (i = 1; i <= ngot; i++)
                    printf "    %s\n", got[i] > "/dev/stderr"
            }
            # where the segment's first line is (or, failing that, goes on from p)
            for (first = (k == 1 && !open_start) ? 1 : p; first <= ngot && !q; first++)
                if (masked(want[sa[k]]) == masked(got[first]))
                    q = first
            if (!q)
                q = p <= ngot ? p : ngot + 1
        }
        # the fresh segment: as many lines as the block had, or to the end of the
        # output for an anchored last segment
        last = q + (sb[k] - sa[k])
        if (k == nseg && !open_end)
            last = ngot
        for (i = q; i <= last && i <= ngot; i++)
            fresh[++nfresh] = got[i]
        p = last + 1
        if (k < nseg || open_end)
            fresh[++nfresh] = want[sb[k] + 1]
    }
    return ok
}

# The block's commands and outputs, in order: `$ ` lines and what follows each.
function flush_block(    c, i, ngot, ok, blank) {
    for (c = 1; c <= ncmd; c++) {
        command = cmd[c]
        print "$ " cmd[c]
        nwant = 0
        for (i = cmd_first[c]; i <= cmd_last[c]; i++) {
            want[++nwant] = block[i]
            want_line[nwant] = block_line[i]
        }
        # blank lines after a command's output (before the next command) are
        # the block's, not the output's: kept as they are
        blank = 0
        while (nwant > 0 && want[nwant] == "") {
            nwant--
            blank++
        }
        if (skip != "" && cmd[c] ~ skip) {
            for (i = 1; i <= nwant + blank; i++)
                print want[i]
            continue
        }
        ngot = run(cmd[c])
        reported = 0
        ok = compare(nwant, ngot)
        if (!ok)
            stale++
        if (update)
            for (i = 1; i <= nfresh; i++)
                print fresh[i]
        else
            for (i = 1; i <= nwant; i++)
                print want[i]
        for (i = 1; i <= blank; i++)
            print ""
    }
}

BEGIN {
    in_fence = 0
    example = 0
    stale = 0
}

{
    if (!in_fence) {
        print
        if ($0 ~ /^```/) {
            in_fence = 1
            example = -1 # decided by the first line
            nblock = 0
            ncmd = 0
        }
        next
    }
    if ($0 ~ /^```/) {
        if (example == 1)
            flush_block()
        in_fence = 0
        print
        next
    }
    if (example == -1)
        example = $0 ~ /^\$ ccdbench / ? 1 : 0
    if (example != 1) {
        print
        next
    }
    if ($0 ~ /^\$ /) {
        cmd[++ncmd] = substr($0, 3)
        cmd_first[ncmd] = nblock + 1
        cmd_last[ncmd] = nblock
        next
    }
    block[++nblock] = $0
    block_line[nblock] = NR
    cmd_last[ncmd] = nblock
}

END {
    if (stale && !update)
        exit 1
}
