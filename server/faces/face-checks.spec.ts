import { differentIdentity, duplicateFaceCheck, livenessCheck, MIN_HEAD_TURN, withLaterDuplicate, type FaceAnalysis, type FaceOutcome } from './face-checks.js';

const face = (yaw: number, signals: { antispoof?: number; liveness?: number } = {}): FaceOutcome => ({
  found: true,
  box: { x: 0, y: 0, width: 200, height: 200 },
  size: 200,
  yaw,
  antispoof: signals.antispoof ?? 0.9,
  liveness: signals.liveness ?? 0.9,
  cropId: null,
});

const analysis = (changes: Partial<FaceAnalysis>): FaceAnalysis => ({
  portrait: face(0),
  selfie: face(5),
  turned: face(-20),
  framesIdentical: false,
  similarity: 0.8,
  poseSimilarity: 0.8,
  requestedTurn: 'left',
  threshold: 0.7,
  ...changes,
});

describe('liveness check', () => {
  it('passes a turn of the asked side by enough degrees, either side', () => {
    expect(livenessCheck(analysis({})).verdict).toBe('passed');
    expect(livenessCheck(analysis({ requestedTurn: 'right', selfie: face(-5), turned: face(20) })).verdict).toBe('passed');
  });

  it('fails a turn smaller than the minimum, and asks a person when the head turned the other way', () => {
    const small = livenessCheck(analysis({ turned: face(5 - MIN_HEAD_TURN + 1) }));
    expect(small).toMatchObject({ verdict: 'failed', detail: expect.stringContaining('the head did not turn') });
    const wrongWay = livenessCheck(analysis({ requestedTurn: 'right' }));
    expect(wrongWay).toMatchObject({ verdict: 'needs-review', detail: expect.stringContaining('turned left (25°), not right as asked') });
  });

  it('fails another face on the turned capture; asks a person about low anti-spoofing or liveness signals', () => {
    expect(livenessCheck(analysis({ poseSimilarity: 0.4 })).detail).toMatch(/^Pose challenge failed: the turned selfie shows another face/);
    const low = livenessCheck(analysis({ selfie: face(5, { antispoof: 0.2 }) }));
    expect(low).toMatchObject({ verdict: 'needs-review', detail: expect.stringContaining('low anti-spoofing score') });
    expect(low.evidence).toMatchObject({ signals: { antispoof: 0.2, liveness: 0.9 } });
  });

  it("weighs the turned capture's face against the model's pose threshold, below the face match's (a turned head scores lower)", () => {
    // dlib's scale: the face match at 0.965, the pose challenge at 0.945 (the product's own turned pair scores 0.956).
    const turned = analysis({ threshold: 0.965, poseThreshold: 0.945, poseSimilarity: 0.956 });
    expect(livenessCheck(turned).verdict).toBe('passed');
    expect(livenessCheck(turned).evidence).toMatchObject({ threshold: 0.945 });
    expect(livenessCheck({ ...turned, poseSimilarity: 0.94 }).detail).toMatch(/^Pose challenge failed: the turned selfie shows another face/);
  });
});

describe('liveness check: challenge and passive signals must agree', () => {
  const screened = (yaw: number): FaceOutcome => ({
    ...(face(yaw) as Extract<FaceOutcome, { found: true }>),
    presentation: {
      analysed: true,
      reason: '',
      measures: { tiles: 100, screenTiles: 30, printTiles: 0, bezel: 0 },
      signals: [
        { kind: 'screen', score: 3.75, suspected: true, detail: 'a photo of a screen is suspected' },
        { kind: 'print', score: 0, suspected: false, detail: '' },
      ],
    },
  });

  it('does not pass a challenge passed on a replayed screen: the passive screen signal asks a person', () => {
    const replay = livenessCheck(analysis({ turned: screened(-20) }));
    expect(replay).toMatchObject({ verdict: 'needs-review', detail: expect.stringContaining('Pose challenge passed') });
    expect(replay.detail).toContain('the passive signals suggest a screen');
    expect(replay.evidence).toMatchObject({
      challengePassed: true,
      passiveClean: false,
      presentation: [{ capture: 'turned', kind: 'screen', suspected: true }, { kind: 'print' }],
    });
  });

  it('asks a person about injection signals the page reported, naming them, and records them for the policy', () => {
    const report = { source: 'camera' as const, deviceLabel: 'ManyCam Virtual Webcam', frameIntervalsMs: [] };
    const injected = livenessCheck(analysis({ captures: { selfie: report, turned: report } }));
    expect(injected).toMatchObject({ verdict: 'needs-review', detail: expect.stringContaining('virtual camera (ManyCam Virtual Webcam)') });
    expect(injected.evidence).toMatchObject({ injectionSuspected: ['virtual-camera'], challengePassed: true, passiveClean: true });
    // Nothing reported (an older upload, an integrator's own page): no injection signal.
    expect(livenessCheck(analysis({ captures: null })).verdict).toBe('passed');
  });
});

describe('duplicate-face check', () => {
  const match = (userId: string, different: boolean) => ({
    userId,
    name: 'A B',
    dateOfBirth: '1990-01-01',
    similarity: 0.8,
    differentIdentity: different,
    cropId: null,
  });

  it('passes no match, asks a person about the same identity under another userId, fails another identity or the blocklist', () => {
    expect(duplicateFaceCheck(face(0), [], [], 12, 0.7)).toMatchObject({ verdict: 'passed', detail: expect.stringContaining('12 searched') });
    expect(duplicateFaceCheck(face(0), [match('u1', false)], [], 12, 0.7).verdict).toBe('needs-review');
    expect(duplicateFaceCheck(face(0), [match('u1', false), match('u2', true)], [], 12, 0.7)).toMatchObject({
      verdict: 'failed',
      detail: 'The same face as 2 other applicants, 1 with a different name or date of birth',
    });
    const listed = { entryId: 1, userId: 'u9', reason: 'Forged card', similarity: 0.9 };
    expect(duplicateFaceCheck(face(0), [], [listed], 12, 0.7)).toMatchObject({ verdict: 'failed', score: 0.9 });
  });

  it('says no face was found rather than flag a duplicate: the search could not run', () => {
    const noFace = duplicateFaceCheck({ found: false, reason: 'no face', faces: 0 }, [], [], 0, 0.7);
    expect(noFace).toMatchObject({ verdict: 'unavailable', detail: 'No face found on the selfie: there is nothing to search for', evidence: null });
    expect(duplicateFaceCheck(null, [], [], 0, 0.7)).toMatchObject({ verdict: 'unavailable', detail: 'There is no selfie to search for' });
  });

  it("adds a later applicant's match to an earlier applicant's check, replacing an earlier copy of it, and weighs the verdict again", () => {
    const passed = duplicateFaceCheck(face(0), [], [], 12, 0.7);
    const flagged = withLaterDuplicate(passed, match('later', true), 0.7);
    expect(flagged).toMatchObject({ verdict: 'failed', detail: 'The same face as 1 other applicant, 1 with a different name or date of birth', score: 0.8 });
    expect(flagged.evidence).toEqual({ threshold: 0.7, searched: 12, matches: [{ ...match('later', true), foundLater: true }], blocklist: [] });
    const again = withLaterDuplicate(flagged, { ...match('later', false), similarity: 0.9 }, 0.7);
    expect(again).toMatchObject({ verdict: 'needs-review', score: 0.9 });
    expect((again.evidence as { matches: unknown[] }).matches).toHaveLength(1);
    // A blocklist hit stays the reason it fails; no stored check at all starts an empty one.
    const listed = { entryId: 1, userId: 'u9', reason: 'Forged card', similarity: 0.95 };
    expect(withLaterDuplicate(duplicateFaceCheck(face(0), [], [listed], 3, 0.7), match('later', false), 0.7).detail).toMatch(/blocklisted face/);
    expect(withLaterDuplicate(null, match('later', false), 0.7)).toMatchObject({ verdict: 'needs-review', evidence: { searched: 0, threshold: 0.7 } });
  });

  it('compares identities by name letters in any order, accents aside, and by date of birth where both are known', () => {
    expect(differentIdentity({ name: 'José  García-López', dateOfBirth: '1990-01-01' }, { name: 'garcia lopez jose', dateOfBirth: '1990-01-01' })).toBe(false);
    expect(differentIdentity({ name: 'Ann Lee', dateOfBirth: '1990-01-01' }, { name: 'Anna Lee', dateOfBirth: '1990-01-01' })).toBe(true);
    expect(differentIdentity({ name: 'Ann Lee', dateOfBirth: '1990-01-01' }, { name: 'Ann Lee', dateOfBirth: '1991-01-01' })).toBe(true);
    expect(differentIdentity({ name: 'Ann Lee', dateOfBirth: null }, { name: 'Ann Lee', dateOfBirth: '1991-01-01' })).toBe(false);
  });
});
