import sharp from 'sharp';
import {
  alignFace,
  applySimilarity,
  DLIB_TEMPLATE,
  fivePointsFromMesh,
  similarityTransform,
  type FivePoints,
  type Point,
  type RgbImage,
} from './face-alignment.js';
import { dlibIdentityModel, identityEmbedding, mirrored } from './face-identity.js';
import { detectFaces, faceSimilarity, readPortraitDetail } from './face-reading.js';
import { extractSourceFaces, SOURCE_PHOTOS, type SourceFace } from './test-faces.js';

const close = (a: Point, b: Point, tolerance = 1e-6) => Math.hypot(a[0] - b[0], a[1] - b[1]) < tolerance;

describe('five-point alignment', () => {
  it('finds the rotation, scale and shift that moved a set of points', () => {
    const from: Point[] = [
      [10, 20],
      [40, 22],
      [25, 40],
      [14, 55],
      [38, 56],
    ];
    const angle = (20 * Math.PI) / 180;
    const scale = 1.7;
    const moved = from.map(([x, y]): Point => [
      scale * (Math.cos(angle) * x - Math.sin(angle) * y) + 5,
      scale * (Math.sin(angle) * x + Math.cos(angle) * y) - 8,
    ]);
    const transform = similarityTransform(from, moved);
    from.forEach((point, index) => expect(close(applySimilarity(transform, point), moved[index], 1e-9)).toBe(true));
  });

  it('reads eyes, nose tip and mouth corners from a full mesh only', () => {
    const mesh = Array.from({ length: 468 }, (_, index) => [index, 2 * index, 0]);
    const points = fivePointsFromMesh(mesh);
    expect(points?.[2]).toEqual([1, 2]);
    expect(points?.[3]).toEqual([61, 122]);
    expect(points?.[4]).toEqual([291, 582]);
    expect(fivePointsFromMesh(mesh.slice(0, 100))).toBeNull();
    expect(fivePointsFromMesh(undefined)).toBeNull();
  });

  it("puts the five points where the model's template wants them", () => {
    // A 200 × 200 picture, black, with a white 3 × 3 dot on each of five points of a tilted, shifted face.
    const transform = similarityTransform(DLIB_TEMPLATE.points, [
      [60, 70],
      [120, 80],
      [88, 110],
      [65, 140],
      [112, 148],
    ]);
    const points = DLIB_TEMPLATE.points.map((point) => applySimilarity(transform, point)) as unknown as FivePoints;
    const image: RgbImage = { data: new Uint8Array(200 * 200 * 3), width: 200, height: 200 };
    for (const [x, y] of points) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++)
          image.data.fill(255, ((Math.round(y) + dy) * 200 + Math.round(x) + dx) * 3, ((Math.round(y) + dy) * 200 + Math.round(x) + dx) * 3 + 3);
      }
    }
    const aligned = alignFace(image, points, DLIB_TEMPLATE);
    expect(aligned.width).toBe(150);
    for (const [x, y] of DLIB_TEMPLATE.points) expect(aligned.data[(Math.round(y) * 150 + Math.round(x)) * 3]).toBeGreaterThan(100);
    expect(aligned.data[(5 * 150 + 5) * 3]).toBe(0);
    expect(mirrored(mirrored(aligned)).data).toEqual(aligned.data);
  });
});

/** One sample photo (three people): the identity model's embedding of each face, and of one face turned and scaled. */
let people: SourceFace[];
beforeAll(async () => {
  people = await extractSourceFaces(SOURCE_PHOTOS.slice(0, 1));
}, 60_000);

async function identityOf(image: Buffer): Promise<Float32Array> {
  const { faces } = await detectFaces(image, { describe: false });
  const detail = await readPortraitDetail(image, faces[0]);
  if (!detail?.face.landmarks) throw new Error('no face on the crop');
  return identityEmbedding(detail.crop, detail.face.landmarks);
}

describe('identity embedding (dlib ResNet-34 from @vladmandic/face-api)', () => {
  it('loads the 128-value model from node_modules', async () => {
    expect((await dlibIdentityModel()).length).toBe(128);
  });

  it('gives the same face turned and scaled a close embedding, and other people a farther one', async () => {
    const grey = { r: 128, g: 128, b: 128 };
    const turned = await sharp(people[0].crop)
      .resize({ width: 420 })
      .rotate(17, { background: grey })
      .extend({ top: 60, left: 90, background: grey })
      .jpeg({ quality: 85 })
      .toBuffer();
    const [original, again, ...others] = await Promise.all([people[0].crop, turned, ...people.slice(1).map((person) => person.crop)].map(identityOf));
    expect(original).toHaveLength(128);
    const same = faceSimilarity(original, again);
    const different = Math.max(...others.map((other) => faceSimilarity(original, other)));
    expect(same).toBeGreaterThan(0.95);
    expect(same).toBeGreaterThan(different + 0.05);
  }, 60_000);
});
