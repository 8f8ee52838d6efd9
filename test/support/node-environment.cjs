const { TestEnvironment } = require('jest-environment-node');

/**
 * Jest's Node environment with Node's own Float32Array: onnxruntime-node's native binding
 * makes its output tensors' arrays in Node's realm, and onnxruntime-common, loaded inside
 * the suite's realm, checks them against the suite's Float32Array (a different function),
 * refusing every result. Sharing the one constructor makes both sides agree, as they do
 * outside Jest.
 */
class SharedFloat32Environment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.Float32Array = Float32Array;
  }
}

module.exports = SharedFloat32Environment;
