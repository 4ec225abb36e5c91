/**
 * @file `apply -o/--output <path>`: where mutated and generated resources are written instead of standard
 * output (kyverno/kyverno `commands/apply` `checkMutateLogPath`, processor `printOutput`). A path whose
 * last segment ends in `.yaml` or `.yml` is one file, emptied first, that every resource is appended to;
 * any other path is a directory (created) holding `<resource-name>-mutated.yaml` and
 * `<policy-name>-generated.yaml`. Kyverno only appends to the directory's files, so they grow from run to
 * run; here each of them is emptied the first time a run writes to it, so a run gives the same files
 * whatever ran before.
 */
import { appendFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Creating or writing the output failed; the message names the path. */
export class OutputError extends Error {
  override readonly name = 'OutputError';
}

/** Node's error text without the system call and path it ends with (the message names the path already). */
function reason(error: unknown): string {
  return error instanceof Error ? error.message.replace(/, \w+ '.*'$/, '') : String(error);
}

/** Whether Kyverno takes `output` for a file (`strings.Split` on `/` then `.`, last part `yaml`/`yml`). */
export function isOutputFile(output: string): boolean {
  const last = output.split('/').pop() ?? '';
  const extension = last.split('.').pop();
  return extension === 'yaml' || extension === 'yml';
}

export class MutationOutput {
  private readonly started = new Set<string>();

  private constructor(
    /** Absolute path of the file or directory. */
    readonly target: string,
    readonly isFile: boolean,
  ) {}

  /** Prepares `target` (absolute; `shown` is how the user wrote it): creates the directory, or empties the file. */
  static open(target: string, shown: string): MutationOutput {
    const isFile = isOutputFile(shown);
    try {
      if (isFile) {
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, '');
      } else {
        mkdirSync(target, { recursive: true });
        if (!statSync(target).isDirectory()) throw new Error('not a directory');
      }
    } catch (error) {
      throw new OutputError(`failed to create file/folder ${shown} (${reason(error)})`);
    }
    return new MutationOutput(target, isFile);
  }

  /** Appends `text` to the file, or to `<base>.yaml` in the directory. */
  write(base: string, text: string): void {
    const file = this.isFile ? this.target : path.join(this.target, `${base}.yaml`);
    try {
      if (!this.isFile && !this.started.has(file)) {
        this.started.add(file);
        writeFileSync(file, text);
      } else {
        appendFileSync(file, text);
      }
    } catch (error) {
      throw new OutputError(`failed to write ${file} (${reason(error)})`);
    }
  }
}
