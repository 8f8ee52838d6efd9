import { describe, expect, it } from 'vitest';

import { deviceLabelOf, watchFrames } from './camera';

type FrameCallback = (now: number, metadata: { mediaTime?: number; captureTime?: number }) => void;

/** A video element whose frames the test delivers (requestVideoFrameCallback, as Chromium and Safari have it). */
function fakeVideo() {
  let pending: FrameCallback | null = null;
  let cancelled = 0;
  const video = {
    requestVideoFrameCallback: (callback: FrameCallback) => {
      pending = callback;
      return 1;
    },
    cancelVideoFrameCallback: () => {
      cancelled += 1;
      pending = null;
    },
  } as unknown as HTMLVideoElement;
  const frame = (metadata: { mediaTime?: number; captureTime?: number }) => pending?.(0, metadata);
  return { video, frame, cancelled: () => cancelled };
}

describe('the capture report', () => {
  it("takes the camera track's label, none before the camera is allowed", () => {
    const stream = (label: string) => ({ getVideoTracks: () => [{ label }] }) as unknown as MediaStream;
    expect(deviceLabelOf(stream('OBS Virtual Camera'))).toBe('OBS Virtual Camera');
    expect(deviceLabelOf(stream(''))).toBeNull();
    expect(deviceLabelOf(null)).toBeNull();
  });

  it("keeps the intervals between the last 30 frames, from the camera's capture time when it gives one", () => {
    const { video, frame, cancelled } = fakeVideo();
    const frames = watchFrames(video);
    for (let i = 0; i < 40; i += 1) frame({ captureTime: 1000 + i * 33.3, mediaTime: 99 });
    expect(frames.intervals()).toHaveLength(30);
    expect(frames.intervals().every((interval) => Math.abs(interval - 33.3) < 0.01)).toBe(true);
    frames.stop();
    expect(cancelled()).toBe(1);
    frame({ captureTime: 5000 }); // stopped: nothing more is kept
    expect(frames.intervals()).toHaveLength(30);
  });

  it('falls back to the media time, and measures nothing where the browser cannot watch frames', () => {
    const { video, frame } = fakeVideo();
    const frames = watchFrames(video);
    [0, 0.04, 0.08].forEach((mediaTime) => frame({ mediaTime }));
    expect(frames.intervals()).toEqual([40, 40]);
    expect(watchFrames({} as HTMLVideoElement).intervals()).toEqual([]);
  });
});
