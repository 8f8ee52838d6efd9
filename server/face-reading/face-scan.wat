;; The hot loops of FaceIndex.search (face-scan.ts): the sign-hash prefilter (XOR and i64
;; popcount) and the exact int8 dot products (SIMD), over faces kept in this module's
;; memory, one call per chunk of faces so that JavaScript never loops over faces itself.
;;
;; Built into face-scan-wasm.ts by `npm run build:face-scan` (scripts/face-scan-wasm.mjs,
;; wabt); face-index.spec.ts rebuilds it and fails if the committed bytes differ.
(module
  ;; Imported so that face-scan.ts sizes it for the index and grows it.
  (import "index" "memory" (memory 1 65536))

  ;; The fixed part of memory, below the faces; face-scan.ts reads these offsets.
  ;; Where a scan leaves how many faces it compared exactly (i32).
  (global $comparedOffset (export "comparedOffset") i32 (i32.const 0))
  ;; The query's 1024-bit sign hash: 16 i64 words.
  (global $queryHashOffset (export "queryHashOffset") i32 (i32.const 64))
  ;; The query's 1024 int8 values widened to int16, so that each stored byte needs one widening, not two.
  (global $queryOffset (export "queryOffset") i32 (i32.const 256))
  ;; Hamming cut-offs per centre bin (1024 int16 each): on the first 512 bits, and on all 1024.
  ;; Negative: no face in that bin can match; 512 or more on the first: every one must be compared.
  (global $firstCutoffsOffset (export "firstCutoffsOffset") i32 (i32.const 2304))
  (global $cutoffsOffset (export "cutoffsOffset") i32 (i32.const 4352))
  ;; One scan covers at most chunkFaces faces, so that its matches always fit here: their
  ;; slots (i32) and similarities (f64).
  (global $chunkFaces (export "chunkFaces") i32 (i32.const 1024))
  (global $matchSlotsOffset (export "matchSlotsOffset") i32 (i32.const 6400))
  (global $matchSimilaritiesOffset (export "matchSimilaritiesOffset") i32 (i32.const 10496))
  ;; Where the faces' arrays begin (laid out by face-scan.ts).
  (global $facesOffset (export "facesOffset") i32 (i32.const 18688))

  ;; The dot product of the query with the 1024 int8 values at $vector. Exact: the largest
  ;; sum, 1024 · 128 · 128, is far inside i32.
  (func $dotProduct (export "dotProduct") (param $vector i32) (result i32)
    (local $query i32)
    (local $end i32)
    (local $bytes v128)
    ;; Two sums, so that consecutive additions do not wait on each other.
    (local $sumA v128)
    (local $sumB v128)
    (local.set $query (global.get $queryOffset))
    (local.set $end (i32.add (local.get $vector) (i32.const 1024)))
    (loop $sixtyFourBytes
      (local.set $bytes (v128.load (local.get $vector)))
      (local.set $sumA (i32x4.add (local.get $sumA)
        (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $bytes)) (v128.load (local.get $query)))))
      (local.set $sumB (i32x4.add (local.get $sumB)
        (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $bytes)) (v128.load offset=16 (local.get $query)))))
      (local.set $bytes (v128.load offset=16 (local.get $vector)))
      (local.set $sumA (i32x4.add (local.get $sumA)
        (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $bytes)) (v128.load offset=32 (local.get $query)))))
      (local.set $sumB (i32x4.add (local.get $sumB)
        (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $bytes)) (v128.load offset=48 (local.get $query)))))
      (local.set $bytes (v128.load offset=32 (local.get $vector)))
      (local.set $sumA (i32x4.add (local.get $sumA)
        (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $bytes)) (v128.load offset=64 (local.get $query)))))
      (local.set $sumB (i32x4.add (local.get $sumB)
        (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $bytes)) (v128.load offset=80 (local.get $query)))))
      (local.set $bytes (v128.load offset=48 (local.get $vector)))
      (local.set $sumA (i32x4.add (local.get $sumA)
        (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $bytes)) (v128.load offset=96 (local.get $query)))))
      (local.set $sumB (i32x4.add (local.get $sumB)
        (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $bytes)) (v128.load offset=112 (local.get $query)))))
      (local.set $vector (i32.add (local.get $vector) (i32.const 64)))
      (local.set $query (i32.add (local.get $query) (i32.const 128)))
      (br_if $sixtyFourBytes (i32.lt_u (local.get $vector) (local.get $end))))
    (local.set $sumA (i32x4.add (local.get $sumA) (local.get $sumB)))
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $sumA)) (i32x4.extract_lane 1 (local.get $sumA)))
      (i32.add (i32x4.extract_lane 2 (local.get $sumA)) (i32x4.extract_lane 3 (local.get $sumA)))))

  ;; Faces $start to $end (exclusive, at most chunkFaces): those whose hash passes the
  ;; cut-offs of their centre bin are compared exactly, and those whose similarity
  ;; dot · queryInverseNorm · inverseNorm (in that order, in f64, as searchExhaustive
  ;; computes it) is at least $threshold are written to the match arrays. Returns how many.
  (func (export "scan")
    (param $start i32) (param $end i32)
    (param $bins i32) (param $inverseNorms i32) (param $firstHashes i32) (param $restHashes i32) (param $vectors i32)
    (param $queryInverseNorm f64) (param $threshold f64)
    (result i32)
    (local $slot i32)
    (local $bin i32)
    (local $firstCutoff i32)
    (local $hash i32)
    (local $distance i64)
    (local $similarity f64)
    (local $matches i32)
    (local $compared i32)
    (local $q0 i64) (local $q1 i64) (local $q2 i64) (local $q3 i64)
    (local $q4 i64) (local $q5 i64) (local $q6 i64) (local $q7 i64)
    (local $q8 i64) (local $q9 i64) (local $q10 i64) (local $q11 i64)
    (local $q12 i64) (local $q13 i64) (local $q14 i64) (local $q15 i64)
    (local.set $hash (global.get $queryHashOffset))
    (local.set $q0 (i64.load offset=0 (local.get $hash)))
    (local.set $q1 (i64.load offset=8 (local.get $hash)))
    (local.set $q2 (i64.load offset=16 (local.get $hash)))
    (local.set $q3 (i64.load offset=24 (local.get $hash)))
    (local.set $q4 (i64.load offset=32 (local.get $hash)))
    (local.set $q5 (i64.load offset=40 (local.get $hash)))
    (local.set $q6 (i64.load offset=48 (local.get $hash)))
    (local.set $q7 (i64.load offset=56 (local.get $hash)))
    (local.set $q8 (i64.load offset=64 (local.get $hash)))
    (local.set $q9 (i64.load offset=72 (local.get $hash)))
    (local.set $q10 (i64.load offset=80 (local.get $hash)))
    (local.set $q11 (i64.load offset=88 (local.get $hash)))
    (local.set $q12 (i64.load offset=96 (local.get $hash)))
    (local.set $q13 (i64.load offset=104 (local.get $hash)))
    (local.set $q14 (i64.load offset=112 (local.get $hash)))
    (local.set $q15 (i64.load offset=120 (local.get $hash)))
    (local.set $slot (local.get $start))
    (block $done
      (br_if $done (i32.ge_u (local.get $slot) (local.get $end)))
      (loop $face
        (block $next
          (local.set $bin (i32.load16_u (i32.add (local.get $bins) (i32.shl (local.get $slot) (i32.const 1)))))
          (local.set $firstCutoff
            (i32.load16_s (i32.add (global.get $firstCutoffsOffset) (i32.shl (local.get $bin) (i32.const 1)))))
          (br_if $next (i32.lt_s (local.get $firstCutoff) (i32.const 0)))
          (if (i32.lt_s (local.get $firstCutoff) (i32.const 512))
            (then
              (local.set $hash (i32.add (local.get $firstHashes) (i32.shl (local.get $slot) (i32.const 6))))
              (local.set $distance
                (i64.add
                  (i64.add
                    (i64.add
                      (i64.popcnt (i64.xor (i64.load offset=0 (local.get $hash)) (local.get $q0)))
                      (i64.popcnt (i64.xor (i64.load offset=8 (local.get $hash)) (local.get $q1))))
                    (i64.add
                      (i64.popcnt (i64.xor (i64.load offset=16 (local.get $hash)) (local.get $q2)))
                      (i64.popcnt (i64.xor (i64.load offset=24 (local.get $hash)) (local.get $q3)))))
                  (i64.add
                    (i64.add
                      (i64.popcnt (i64.xor (i64.load offset=32 (local.get $hash)) (local.get $q4)))
                      (i64.popcnt (i64.xor (i64.load offset=40 (local.get $hash)) (local.get $q5))))
                    (i64.add
                      (i64.popcnt (i64.xor (i64.load offset=48 (local.get $hash)) (local.get $q6)))
                      (i64.popcnt (i64.xor (i64.load offset=56 (local.get $hash)) (local.get $q7)))))))
              (br_if $next (i64.gt_s (local.get $distance) (i64.extend_i32_s (local.get $firstCutoff))))
              (local.set $hash (i32.add (local.get $restHashes) (i32.shl (local.get $slot) (i32.const 6))))
              (local.set $distance
                (i64.add
                  (local.get $distance)
                  (i64.add
                    (i64.add
                      (i64.add
                        (i64.popcnt (i64.xor (i64.load offset=0 (local.get $hash)) (local.get $q8)))
                        (i64.popcnt (i64.xor (i64.load offset=8 (local.get $hash)) (local.get $q9))))
                      (i64.add
                        (i64.popcnt (i64.xor (i64.load offset=16 (local.get $hash)) (local.get $q10)))
                        (i64.popcnt (i64.xor (i64.load offset=24 (local.get $hash)) (local.get $q11)))))
                    (i64.add
                      (i64.add
                        (i64.popcnt (i64.xor (i64.load offset=32 (local.get $hash)) (local.get $q12)))
                        (i64.popcnt (i64.xor (i64.load offset=40 (local.get $hash)) (local.get $q13))))
                      (i64.add
                        (i64.popcnt (i64.xor (i64.load offset=48 (local.get $hash)) (local.get $q14)))
                        (i64.popcnt (i64.xor (i64.load offset=56 (local.get $hash)) (local.get $q15))))))))
              (br_if $next
                (i64.gt_s
                  (local.get $distance)
                  (i64.extend_i32_s
                    (i32.load16_s (i32.add (global.get $cutoffsOffset) (i32.shl (local.get $bin) (i32.const 1)))))))))
          (local.set $compared (i32.add (local.get $compared) (i32.const 1)))
          (local.set $similarity
            (f64.mul
              (f64.mul
                (f64.convert_i32_s (call $dotProduct (i32.add (local.get $vectors) (i32.shl (local.get $slot) (i32.const 10)))))
                (local.get $queryInverseNorm))
              (f64.promote_f32 (f32.load (i32.add (local.get $inverseNorms) (i32.shl (local.get $slot) (i32.const 2)))))))
          (br_if $next (i32.eqz (f64.ge (local.get $similarity) (local.get $threshold))))
          (i32.store
            (i32.add (global.get $matchSlotsOffset) (i32.shl (local.get $matches) (i32.const 2)))
            (local.get $slot))
          (f64.store
            (i32.add (global.get $matchSimilaritiesOffset) (i32.shl (local.get $matches) (i32.const 3)))
            (local.get $similarity))
          (local.set $matches (i32.add (local.get $matches) (i32.const 1))))
        (local.set $slot (i32.add (local.get $slot) (i32.const 1)))
        (br_if $face (i32.lt_u (local.get $slot) (local.get $end)))))
    (i32.store (global.get $comparedOffset) (local.get $compared))
    (local.get $matches)))
