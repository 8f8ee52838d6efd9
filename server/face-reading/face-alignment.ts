/**
 * Five-point face alignment, pure: the five points (eyes, nose tip, mouth corners) read
 * from the face mesh, the similarity transform (rotation, uniform scale, shift) that puts
 * them best on a recognition model's canonical points, and the bilinear warp that cuts
 * the model's input crop with it. No model, no I/O.
 */

export type Point = readonly [number, number];

/**
 * The five points in the order every template below uses: the eye on the picture's left,
 * the eye on its right, the nose tip, the mouth corner on the left, the one on the right.
 */
export type FivePoints = readonly [Point, Point, Point, Point, Point];

/** An RGB picture as raw bytes, 3 per pixel, row after row. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Where a model wants the five points on its square input, in its pixels. */
export interface AlignmentTemplate {
  size: number;
  points: FivePoints;
}

/**
 * MediaPipe face-mesh indices (the 468-point mesh Human's facemesh model returns): each
 * eye's centre as the mean of its two corners and its two lids' middles, the nose tip
 * (pronasale) and the two mouth corners. 33/133 and 263/362 are the eye corners on the
 * picture's left and right for a face seen from the front.
 */
const MESH_EYE_LEFT = [33, 133, 159, 145];
const MESH_EYE_RIGHT = [263, 362, 386, 374];
const MESH_NOSE_TIP = 1;
const MESH_MOUTH_LEFT = 61;
const MESH_MOUTH_RIGHT = 291;
const MESH_POINTS = 468;

type Mesh = ArrayLike<ArrayLike<number | undefined>>;

const mean = (mesh: Mesh, indices: number[]): Point => [
  indices.reduce((sum, index) => sum + (mesh[index][0] ?? 0), 0) / indices.length,
  indices.reduce((sum, index) => sum + (mesh[index][1] ?? 0), 0) / indices.length,
];

/** The five points of a face mesh (pixels of the picture the mesh was read on), or null when it is not a full mesh. */
export function fivePointsFromMesh(mesh: Mesh | undefined): FivePoints | null {
  if (!mesh || mesh.length < MESH_POINTS) return null;
  const point = (index: number): Point => [mesh[index][0] ?? 0, mesh[index][1] ?? 0];
  return [mean(mesh, MESH_EYE_LEFT), mean(mesh, MESH_EYE_RIGHT), point(MESH_NOSE_TIP), point(MESH_MOUTH_LEFT), point(MESH_MOUTH_RIGHT)];
}

/**
 * dlib's face chip (dlib's get_face_chip_details(shape, 150, 0.25), the crop its ResNet-34
 * face recogniser was trained on): its mean face shape's eye centres (mean of the six
 * points of each eye), nose tip (point 30) and mouth corners (48, 54), with a padding of
 * 0.25 on every side, on 150 × 150 pixels.
 */
const DLIB_PADDING = 0.25;
const DLIB_SIZE = 150;
const dlibPoint = (x: number, y: number): Point => [
  ((DLIB_PADDING + x) / (2 * DLIB_PADDING + 1)) * DLIB_SIZE,
  ((DLIB_PADDING + y) / (2 * DLIB_PADDING + 1)) * DLIB_SIZE,
];
export const DLIB_TEMPLATE: AlignmentTemplate = {
  size: DLIB_SIZE,
  points: [
    dlibPoint(0.225492, 0.21599),
    dlibPoint(0.754761, 0.21599),
    dlibPoint(0.490127, 0.515625),
    dlibPoint(0.254149, 0.780233),
    dlibPoint(0.726104, 0.780233),
  ],
};

/** The 112 × 112 crop of the ArcFace family (insightface's reference points, used by SFace, MobileFaceNet and most ArcFace ports). */
export const ARCFACE_TEMPLATE: AlignmentTemplate = {
  size: 112,
  points: [
    [38.2946, 51.6963],
    [73.5318, 51.5014],
    [56.0252, 71.7366],
    [41.5493, 92.3655],
    [70.7299, 92.2041],
  ],
};

/** x' = a·x − b·y + tx, y' = b·x + a·y + ty: rotation and uniform scale (a, b) and a shift. */
export interface Similarity {
  a: number;
  b: number;
  tx: number;
  ty: number;
}

/** The similarity transform that maps `from` onto `to` with the least squared error (Umeyama, without reflection). */
export function similarityTransform(from: readonly Point[], to: readonly Point[]): Similarity {
  if (from.length !== to.length || from.length < 2) throw new Error('similarityTransform needs two lists of at least two matching points');
  const n = from.length;
  const centre = (points: readonly Point[]): Point => [points.reduce((s, p) => s + p[0], 0) / n, points.reduce((s, p) => s + p[1], 0) / n];
  const [fx, fy] = centre(from);
  const [tx, ty] = centre(to);
  let dot = 0;
  let cross = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const x = from[i][0] - fx;
    const y = from[i][1] - fy;
    const u = to[i][0] - tx;
    const v = to[i][1] - ty;
    dot += x * u + y * v;
    cross += x * v - y * u;
    norm += x * x + y * y;
  }
  if (norm === 0) throw new Error('similarityTransform: the points coincide');
  const a = dot / norm;
  const b = cross / norm;
  return { a, b, tx: tx - (a * fx - b * fy), ty: ty - (b * fx + a * fy) };
}

export const applySimilarity = ({ a, b, tx, ty }: Similarity, [x, y]: Point): Point => [a * x - b * y + tx, b * x + a * y + ty];

/**
 * The model's square input cut from `image`: each output pixel is sampled (bilinear) where
 * the inverse of the transform that puts the five points on the template's lands; outside
 * the picture, black (as OpenCV's warpAffine and dlib's chip extraction do).
 */
export function alignFace(image: RgbImage, points: FivePoints, template: AlignmentTemplate): RgbImage {
  const { a, b, tx, ty } = similarityTransform(points, template.points);
  // Inverse of [a −b; b a]: [a b; −b a] / (a² + b²).
  const det = a * a + b * b;
  const size = template.size;
  const out = new Uint8Array(size * size * 3);
  const { data, width, height } = image;
  for (let v = 0; v < size; v++) {
    for (let u = 0; u < size; u++) {
      const du = u - tx;
      const dv = v - ty;
      const x = (a * du + b * dv) / det;
      const y = (-b * du + a * dv) / det;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const wx = x - x0;
      const wy = y - y0;
      const target = (v * size + u) * 3;
      for (let c = 0; c < 3; c++) {
        const sample = (px: number, py: number) => (px < 0 || py < 0 || px >= width || py >= height ? 0 : data[(py * width + px) * 3 + c]);
        const top = sample(x0, y0) * (1 - wx) + sample(x0 + 1, y0) * wx;
        const bottom = sample(x0, y0 + 1) * (1 - wx) + sample(x0 + 1, y0 + 1) * wx;
        out[target + c] = Math.round(top * (1 - wy) + bottom * wy);
      }
    }
  }
  return { data: out, width: size, height: size };
}
