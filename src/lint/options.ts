/**
 * @file What a repository scan is asked to do: the paths to scan, extra policy paths, the configuration,
 * standard input, and the files whose findings are reported (pre-commit). Built by the CLI from flags and
 * `.kyverno-lint.yaml`, and by the GitHub Action from its inputs.
 */
import type { LintConfig } from '../config/types.js';
import type { TooLarge } from '../source/index.js';
import type { Revision } from '../discovery/revision.js';
import type { Shard, ShardExchange, ShardExchangeReply } from './shard.js';

export interface LintOptions {
  /** Absolute working directory: relative paths and reported file names are relative to it. */
  cwd: string;
  /** Files and directories to scan (default `.`); `-` reads YAML from `stdin`. */
  paths: string[];
  /** Extra policy files or directories, also outside the repository (`--policy`). */
  policyPaths: string[];
  config: LintConfig;
  /**
   * Chart folders of rendered Helm output read from standard input (`--helm-chart`, relative to `cwd` or
   * absolute): its `# Source: <chart>/templates/…` comments name charts by their `Chart.yaml` name, looked for
   * in these folders first, then below `cwd`.
   */
  helmCharts?: string[];
  /** The text of standard input, when `paths` holds `-` (or what refused it: over `config.maxFileSize`). */
  stdin?: string | TooLarge;
  /**
   * Report only findings in these files (absolute paths): pre-commit passes the staged files, while every
   * policy of the repository is still used.
   */
  reportFiles?: string[];
  /**
   * Compute the source edits of mutations (`Finding.fix`, `LintResult.fixes`): needed to show or apply them
   * (JSON and SARIF output, `--fix`, pull-request suggestions), skipped otherwise because it reparses files.
   */
  fixes?: boolean;
  /**
   * The revision the working tree changes (`--base`, a pull request's base): an object there too is evaluated as an
   * UPDATE with the base object as `request.oldObject`, a new one as a CREATE, and an object gone as a DELETE located
   * in the base file (see base-revision.ts). Without it every manifest is a CREATE (or the configuration's operation).
   */
  base?: Revision;
  /**
   * The results cache (`--cache`, `--cache-location`): a file, or a folder to hold one, relative to `cwd` or absolute.
   * Units of the scan whose files and whose reads of the other manifests did not change are not evaluated again.
   */
  cache?: string;
  /** Called while manifests are evaluated (`done` of `total`), for progress output. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Evaluate shard `index` of `count` only (`--shard k/n`): the whole workspace is loaded, the subjects of the
   * shard's units are evaluated, and the findings of the files it owns are reported (shard.ts).
   */
  shard?: Shard;
  /** A part of the shard (or of the whole scan): the parallel worker `index` of `count` (parallel.ts). */
  part?: Shard;
  /**
   * Set for the parallel workers of one run: called once the findings are suppressed, it answers with what the
   * other workers met (shard.ts).
   */
  exchange?: (local: ShardExchange) => Promise<ShardExchangeReply>;
}
