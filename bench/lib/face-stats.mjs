/**
 * Verification statistics for bench/faces.mjs: thresholds at a false match rate, error
 * rates with 95 % Wilson intervals, the equal error rate. A score at or above the
 * threshold is a match; a side without a usable face scores -Infinity (a failed genuine pair).
 */

const Z = 1.959964;

/** 95 % Wilson score interval of k successes out of n. */
export function wilson(k, n) {
  if (n === 0) return [0, 1];
  const p = k / n;
  const denominator = 1 + (Z * Z) / n;
  const centre = (p + (Z * Z) / (2 * n)) / denominator;
  const half = (Z * Math.sqrt((p * (1 - p)) / n + (Z * Z) / (4 * n * n))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const round = (value, digits = 5) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value === -Infinity ? null : value);

/** The lowest threshold at which at most fmr × n of the impostor scores match (ties aside). */
export function thresholdAt(impostors, fmr) {
  const descending = [...impostors].sort((a, b) => b - a);
  const allowed = Math.floor(fmr * descending.length);
  return allowed < descending.length ? descending[allowed] + 1e-6 : -Infinity;
}

/** Errors at one threshold: false non-matches among genuine, false matches among impostor scores, with their intervals. */
export function ratesAt(threshold, genuine, impostors) {
  const falseNonMatches = genuine.filter((score) => !(score >= threshold)).length;
  const falseMatches = impostors.filter((score) => score >= threshold).length;
  const rate = (k, n) => ({ errors: k, of: n, rate: round(k / Math.max(1, n), 6), ci95: wilson(k, n).map((value) => round(value, 6)) });
  return { threshold: round(threshold), fnmr: rate(falseNonMatches, genuine.length), fmr: rate(falseMatches, impostors.length) };
}

/** Equal error rate: the mean of FNMR and FMR where they cross, over every score as a threshold. */
export function equalErrorRate(genuine, impostors) {
  const thresholds = [...new Set([...genuine, ...impostors].filter(Number.isFinite))].sort((a, b) => a - b);
  const sortedGenuine = [...genuine].sort((a, b) => a - b);
  const sortedImpostors = [...impostors].sort((a, b) => a - b);
  let best = { gap: Infinity, eer: 1, threshold: null };
  let g = 0;
  let i = 0;
  for (const threshold of thresholds) {
    while (g < sortedGenuine.length && !(sortedGenuine[g] >= threshold)) g++;
    while (i < sortedImpostors.length && sortedImpostors[i] < threshold) i++;
    const fnmr = g / Math.max(1, sortedGenuine.length);
    const fmr = (sortedImpostors.length - i) / Math.max(1, sortedImpostors.length);
    const gap = Math.abs(fnmr - fmr);
    if (gap < best.gap) best = { gap, eer: (fnmr + fmr) / 2, threshold };
  }
  return { eer: round(best.eer, 5), threshold: round(best.threshold) };
}

/** Percentile p (0–100) of an ascending array. */
export const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);

/**
 * Genuine and impostor scores of one split, the rates at the tuning thresholds and at the
 * split's own (the threshold its own impostors put at that FMR); crossPhoto: every pair of a
 * document and a selfie of one person printed and taken from two different shots.
 */
export function splitReport({ genuine, impostors, crossPhoto, tuningThresholds }) {
  const own = Object.fromEntries(['0.001', '0.0001'].map((fmr) => [fmr, ratesAt(thresholdAt(impostors, Number(fmr)), genuine, impostors)]));
  const atTuning = tuningThresholds
    ? Object.fromEntries(Object.entries(tuningThresholds).map(([fmr, threshold]) => [fmr, ratesAt(threshold, genuine, impostors)]))
    : undefined;
  // Genuine pairs of two different photos of a person (the few persons with several shots): FNMR at the same thresholds.
  const differentPhotos = crossPhoto.length
    ? {
        pairs: crossPhoto.length,
        fnmrAtOwnFmr: Object.fromEntries(Object.entries(own).map(([fmr, rates]) => [fmr, ratesAt(rates.threshold, crossPhoto, []).fnmr])),
        fnmrAtTuningThreshold: tuningThresholds
          ? Object.fromEntries(Object.entries(tuningThresholds).map(([fmr, threshold]) => [fmr, ratesAt(threshold, crossPhoto, []).fnmr]))
          : undefined,
      }
    : undefined;
  const ascending = [...genuine].sort((a, b) => a - b);
  const impostorsAscending = [...impostors].sort((a, b) => a - b);
  return {
    genuinePairs: genuine.length,
    // Genuine pairs one of whose sides had no usable face: false non-matches for every model alike.
    genuineWithoutUsableFace: genuine.filter((score) => score === -Infinity).length,
    impostorPairs: impostors.length,
    eer: equalErrorRate(genuine, impostors),
    atOwnFmr: own,
    atTuningThreshold: atTuning,
    differentPhotos,
    scores: {
      genuine: { min: round(ascending[0]), p05: round(percentile(ascending, 5)), p50: round(percentile(ascending, 50)) },
      impostor: { p50: round(percentile(impostorsAscending, 50)), p999: round(percentile(impostorsAscending, 99.9)), max: round(impostorsAscending.at(-1)) },
    },
  };
}
