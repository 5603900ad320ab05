import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('./kafka-mock-broker.c', import.meta.url));
const buildDir = fileURLToPath(new URL('../build/', import.meta.url));
export const brokerBinary = `${buildDir}kafka-mock-broker`;

function isStale(): boolean {
  return !existsSync(brokerBinary) || statSync(brokerBinary).mtimeMs < statSync(source).mtimeMs;
}

/**
 * Compiles the mock broker when it is missing or older than its source. Test files build it
 * concurrently, so each compiles to its own file and renames it into place atomically.
 */
export function buildKafkaMockBroker(): string {
  if (!isStale()) return brokerBinary;
  mkdirSync(buildDir, { recursive: true });
  const partial = `${brokerBinary}.${process.pid}.tmp`;
  try {
    execFileSync('gcc', ['-O2', '-Wall', '-Wextra', '-o', partial, source, '-lrdkafka', '-ldl'], { stdio: 'pipe' });
  } catch (error) {
    rmSync(partial, { force: true });
    const output = errorOutput(error);
    const hint =
      output.includes('rdkafka_mock.h') || output.includes('-lrdkafka')
        ? 'librdkafka is missing: install librdkafka-dev (apt-get install -y librdkafka-dev).'
        : 'gcc failed (is gcc installed?).';
    throw new Error(`Cannot build the Kafka mock broker. ${hint}\n${output}`, { cause: error });
  }
  renameSync(partial, brokerBinary);
  return brokerBinary;
}

function errorOutput(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'stderr' in error) {
    const { stderr } = error as { stderr: unknown };
    if (Buffer.isBuffer(stderr) || typeof stderr === 'string') return stderr.toString();
  }
  return error instanceof Error ? error.message : String(error);
}
