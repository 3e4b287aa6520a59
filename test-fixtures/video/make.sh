#!/bin/sh
# Regenerates the small video fixtures the lesson-video tests read (ffmpeg with libx264, libvpx-vp9, libopus and
# libx265). Each file stays well under 200 KB: 2.5 s of a 160x90 test pattern with a tone.
set -eu
cd "$(dirname "$0")"
q="-hide_banner -loglevel error -y"
src="-f lavfi -i testsrc2=size=160x90:rate=15:duration=2.5 -f lavfi -i sine=frequency=440:duration=2.5"
# H.264 + AAC in MP4, moov first (faststart) as a web upload is made.
ffmpeg $q $src -c:v libx264 -preset veryfast -crf 35 -pix_fmt yuv420p -c:a aac -b:a 32k \
  -movflags +faststart lesson.mp4
# VP9 + Opus in WebM.
ffmpeg $q $src -c:v libvpx-vp9 -b:v 60k -deadline realtime -cpu-used 8 -c:a libopus -b:a 24k lesson.webm
# HEVC in MP4: a container browsers read, a codec most do not play.
ffmpeg $q $src -c:v libx265 -preset ultrafast -crf 35 -tag:v hvc1 -x265-params log-level=error -c:a aac -b:a 32k \
  hevc.mp4
# Audio only, in an MP4 (.m4a would say so by its name; the check must find it by reading).
ffmpeg $q -f lavfi -i sine=frequency=440:duration=2.5 -c:a aac -b:a 32k -f mp4 audio-only.mp4
# The MP4 cut in the middle of its media data after a moov at the end (no faststart): moov is missing.
ffmpeg $q $src -c:v libx264 -preset veryfast -crf 35 -pix_fmt yuv420p -c:a aac -b:a 32k -f mp4 moov-at-end.tmp
head -c 8000 moov-at-end.tmp > truncated.mp4
rm -f mp4 moov-at-end.tmp
# The WebM cut inside its header.
head -c 300 lesson.webm > truncated.webm
# A text file named like a video.
printf 'These are my notes about bracing patterns, not a video.\n' > notes.mp4
ls -l
