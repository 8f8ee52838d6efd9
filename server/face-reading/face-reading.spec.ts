import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import sharp from 'sharp';
import { detectFaces, faceSimilarity, MIN_FACE_SIZE, readFace, type DetectedFace } from './index.js';
import { documentSide, extractSourceFaces, selfieSide, sideBySide, SOURCE_PHOTOS, type SourceFace } from './test-faces.js';

/** One sample photo (three people) keeps the suite to a handful of detections. */
let people: SourceFace[];
beforeAll(async () => {
  people = await extractSourceFaces(SOURCE_PHOTOS.slice(0, 1));
}, 60_000);

const onlyFace = async (image: Buffer): Promise<DetectedFace> => {
  const read = await readFace(image);
  if (!read.found) throw new Error(`expected one face, got: ${read.reason}`);
  return read.face;
};

describe('face reading', () => {
  it('cuts several different people out of a sample photo', () => {
    expect(people.length).toBeGreaterThanOrEqual(2);
  });

  it('finds the face of a selfie with its embedding, pose and liveness signals', async () => {
    const face = await onlyFace(await selfieSide(people[0].crop, 1));
    expect(face.embedding).toHaveLength(1024);
    expect(face.size).toBeGreaterThanOrEqual(MIN_FACE_SIZE);
    expect(face.score).toBeGreaterThan(0.5);
    expect(Math.abs(face.yaw)).toBeLessThan(45);
    expect(face.antispoof).toBeGreaterThanOrEqual(0);
    expect(face.antispoof).toBeLessThanOrEqual(1);
    expect(face.liveness).toBeGreaterThanOrEqual(0);
    expect(face.liveness).toBeLessThanOrEqual(1);
  });

  it('finds no face on a blank page or on a document without a portrait', async () => {
    const blank = await sharp({ create: { width: 800, height: 500, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    const lines = Array.from(
      { length: 8 },
      (_, index) =>
        `<text x="40" y="${80 + index * 50}" font-size="28" font-family="sans-serif">SURNAME ${'MARTIN&lt;&lt;LOUISE'.repeat(1 + (index % 2))}</text>`,
    );
    const card = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="630"><rect width="1000" height="630" rx="30" fill="#e8e4d8"/><rect x="700" y="60" width="240" height="180" fill="#b8c4d0"/>${lines.join('')}</svg>`,
    );
    const document = await sharp(card).jpeg().toBuffer();
    expect(await readFace(blank)).toMatchObject({ found: false, reason: 'no face' });
    expect(await readFace(document)).toMatchObject({ found: false, reason: 'no face' });
  });

  it('reports two faces on a picture of two people', async () => {
    const picture = await sideBySide(people[0].crop, people[1].crop);
    expect((await detectFaces(picture)).faces).toHaveLength(2);
    expect(await readFace(picture)).toMatchObject({ found: false, reason: 'several faces' });
  });

  it('reports a face too small to compare', async () => {
    const small = await sharp(people[0].crop).resize({ width: 110 }).extend({ top: 60, bottom: 60, left: 60, right: 60, background: 'white' }).png().toBuffer();
    expect(await readFace(small)).toMatchObject({ found: false, reason: 'face too small' });
  });

  it("scores a person's document portrait closer to their selfie than to another person's", async () => {
    const [documentA, selfieA, documentB, selfieB] = await Promise.all([
      onlyFace(await documentSide(people[0].crop, 7)),
      onlyFace(await selfieSide(people[0].crop, 7)),
      onlyFace(await documentSide(people[1].crop, 7)),
      onlyFace(await selfieSide(people[1].crop, 7)),
    ]);
    const genuine = [faceSimilarity(documentA.embedding, selfieA.embedding), faceSimilarity(documentB.embedding, selfieB.embedding)];
    const impostor = [faceSimilarity(documentA.embedding, selfieB.embedding), faceSimilarity(documentB.embedding, selfieA.embedding)];
    expect(Math.min(...genuine)).toBeGreaterThan(Math.max(...impostor));
  });

  it('loads models and WebAssembly from node_modules with outbound connections refused', () => {
    const root = process.cwd();
    const child = spawnSync(process.execPath, ['--require', join(root, 'test/support/refuse-network.cjs'), join(root, 'test/support/face-offline.mjs')], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stderr).toContain('network refused in main thread');
    expect(child.status).toBe(0);
    const result = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}');
    expect(result).toEqual({ faces: 3, embeddingLength: 1024, identityLength: 128 });
  });
});
