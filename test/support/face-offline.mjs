// Run with the network refused (node --require test/support/refuse-network.cjs): loads the
// face models from node_modules with the built library, reads the faces of one sample
// photo and prints what it found as JSON: the faces, faceres's description length and the
// identity model's (dlib's ResNet-34 from @vladmandic/face-api, face-identity.ts).
import { readFileSync } from 'node:fs';
import { detectFaces, identityEmbedding, readPortraitDetail } from '../../dist/server/face-reading/index.js';
import { SOURCE_PHOTOS } from '../../dist/server/face-reading/test-faces.js';

const photo = readFileSync(SOURCE_PHOTOS[0]);
const { faces } = await detectFaces(photo);
const detail = faces[0] ? await readPortraitDetail(photo, faces[0]) : null;
const identity = detail?.face.landmarks ? await identityEmbedding(detail.crop, detail.face.landmarks) : [];
console.log(JSON.stringify({ faces: faces.length, embeddingLength: faces[0]?.embedding.length ?? 0, identityLength: identity.length }));
