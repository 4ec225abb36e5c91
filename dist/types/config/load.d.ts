import { type LintConfig } from './types.js';
/** The names of the configuration file, in the order they are looked for in each folder. */
export declare const CONFIG_FILE_NAMES: readonly [".kyverno-lint.yaml", ".kyverno-lint.yml"];
/** Values of `format`. */
export declare const OUTPUT_FORMATS: readonly ["stylish", "json", "sarif", "github", "junit"];
/** Something wrong in the configuration file, at a 1-based line and column. */
export interface ConfigProblem {
    file: string;
    line: number;
    column: number;
    message: string;
}
export interface LoadedConfig {
    /** The configuration: the defaults overridden by every valid setting of the file. */
    config: LintConfig;
    problems: ConfigProblem[];
}
/**
 * The configuration file that applies in `cwd`: the first `.kyverno-lint.yaml` or `.kyverno-lint.yml`
 * (a regular file) in `cwd` or its nearest ancestor, up to the filesystem root; null when there is none.
 */
export declare function findConfigFile(cwd: string): string | null;
/** The folder the globs of `config` are relative to: the config file's folder, else `cwd`. */
export declare function globBase(config: Pick<LintConfig, 'file'>, cwd: string): string;
/** Decodes the text of a configuration file; `file` (absolute) names it and anchors relative paths. */
export declare function parseConfig(file: string, text: string): LoadedConfig;
/** Reads and decodes the configuration file `file`; an unreadable file is a problem at 1:1. */
export declare function loadConfig(file: string): LoadedConfig;
