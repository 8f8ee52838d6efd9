// Run with the network refused (node --require test/support/refuse-network.cjs): loads the
// face models from node_modules with the built library, reads the faces of one sample
// photo and prints what it found as JSON.
import { readFileSync } from 'node:fs';
import { detectFaces } from '../../dist/server/face-reading/index.js';
import { SOURCE_PHOTOS } from '../../dist/server/face-reading/test-faces.js';

const { faces } = await detectFaces(readFileSync(SOURCE_PHOTOS[0]));
console.log(JSON.stringify({ faces: faces.length, embeddingLength: faces[0]?.embedding.length ?? 0 }));
