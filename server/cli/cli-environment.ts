import { ConfigurationError, loadEnvironment, type Environment } from '../config/environment.js';

/** The environment a command runs with; a configuration error is printed and the command exits 1. */
export function loadEnvironmentOrExit(): Environment {
  try {
    return loadEnvironment();
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigurationError ? `Configuration error: ${error.message}` : String(error)}\n`);
    process.exit(1);
  }
}
