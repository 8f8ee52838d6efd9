import { implausibleTiming, injectionSignals, virtualCameraOf, type CaptureReport } from './capture-signals.js';

const camera = (deviceLabel: string | null, frameIntervalsMs: number[] = []): CaptureReport => ({ source: 'camera', deviceLabel, frameIntervalsMs });
// A webcam at 30 frames a second: about 33 ms, jittering by a millisecond or two.
const webcam = [33.1, 34.2, 32.9, 33.6, 33.3, 32.4, 34.0, 33.2, 33.5, 33.0];
const suspected = (captures: Parameters<typeof injectionSignals>[0]) =>
  injectionSignals(captures)
    .filter((signal) => signal.suspected)
    .map((signal) => signal.kind);

describe('injection signals', () => {
  it('name a virtual camera by its label, whatever its case, and not a real one', () => {
    expect(virtualCameraOf('OBS Virtual Camera')).toBe('OBS Virtual Camera');
    expect(virtualCameraOf('manycam virtual webcam')).toBe('ManyCam');
    expect(virtualCameraOf('FaceTime HD Camera (Built-in) (05ac:8514)')).toBeNull();
    expect(virtualCameraOf(null)).toBeNull();
  });

  it('find frame timing no camera produces: too fast, too slow, exact to the microsecond, repeated frames', () => {
    expect(implausibleTiming(webcam)).toBeNull();
    expect(implausibleTiming(webcam.slice(0, 5))).toBeNull(); // too few to say anything
    expect(implausibleTiming(webcam.map(() => 2))).toMatch(/a frame every 2\.0 ms/);
    expect(implausibleTiming(webcam.map(() => 1000))).toMatch(/a frame every 1000\.0 ms/);
    expect(implausibleTiming(webcam.map(() => 33.333))).toMatch(/exactly 33\.333 ms/);
    expect(implausibleTiming([...webcam.slice(0, 6), 0, 0, -3, 0])).toBe('frames repeated or out of order');
  });

  it('say which capture raised each signal, and nothing when the page reported nothing', () => {
    expect(injectionSignals({ selfie: null, turned: null })).toEqual([]);
    expect(suspected({ selfie: camera('Integrated Webcam', webcam), turned: camera('Integrated Webcam', webcam) })).toEqual([]);
    const signals = injectionSignals({ selfie: camera('OBS Virtual Camera', webcam), turned: { source: 'file', deviceLabel: null, frameIntervalsMs: [] } });
    expect(signals.filter((signal) => signal.suspected).map(({ kind, captures }) => ({ kind, captures }))).toEqual([
      { kind: 'virtual-camera', captures: ['selfie'] },
      { kind: 'file-chosen', captures: ['turned'] },
    ]);
    expect(
      suspected({
        selfie: camera(
          'USB Camera',
          webcam.map(() => 33.333),
        ),
        turned: null,
      }),
    ).toEqual(['frame-timing']);
  });
});
