/**
 * @file The GitHub Action: `run(deps) → exit code`. Reads the inputs and the event, scans the workspace with
 * `lint()`, and publishes the findings where reviewers look: annotations (a check run when the token may
 * write checks, else at most ten workflow-command annotations per severity), review comments with
 * suggestions on the pull request's diff, the job summary, a SARIF file, and the step's outputs.
 *
 * Every dependency is injected (`core` for inputs, outputs and the log; `env`; the REST client factory;
 * the filesystem) so tests drive it with fakes or a local HTTP server. Which features run is decided up
 * front and logged with the reason when off:
 * - no token: no API call (no changed files, review or check run);
 * - a `pull_request` event from a fork or Dependabot: the token is read-only, so nothing is written
 *   (changed files are still read);
 * - a write refused at run time (403): the check run falls back to workflow commands, the review stops and
 *   its suggestions go to the summary;
 * - a workspace that is not the pull request's head commit (`.git/HEAD`, else `GITHUB_SHA`; the default
 *   checkout of a `pull_request` event is the merge commit): the review still goes on the head commit, the
 *   files that carry comments read there (git when the commit is in the clone, else the contents API) and
 *   their lines mapped when the base branch changed the file under the pull request (`head-files.ts`);
 * - the base revision (input `base`, by default the pull request's base or the commit a push started from): read
 *   from the clone or through the API (`base-tree.ts`), it makes each object an UPDATE of its base version; when it
 *   cannot be read, a warning in the log and the summary, and the manifests are checked as new objects (CREATE).
 * The token is masked (`setSecret`) and never printed.
 */
import * as nodeFs from 'node:fs';
import path from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import {
  collapseSameReason,
  DEFAULT_CONFIG,
  findConfigFile,
  lint,
  loadConfig,
  reportBlocks,
  sarifChunks,
  workflowCommand,
  type ConfigProblem,
  type Finding,
  type LintConfig,
  type LintOptions,
  type LintReport,
} from '../index.js';
import { announcement } from './announce.js';
import { annotatedFindings, capAnnotations, LEGACY_POLICY, publishCheckRun, rankFindings, runName, sarifAutomationId, workflowCommands } from './annotations.js';
import { checkedOutCommit } from './checkout.js';
import { apiCommitReader, localCommitReader, placeOnHead, type Place } from './head-files.js';
import { describeError, isPermissionError, type GitHubApi } from './github-api.js';
import { failsOn, InputError, readInputs, type ActionInputs } from './inputs.js';
import { eventContext, fetchPullRequestDiff, findWorkflowRunPullRequest, type EventContext, type PullRequestDiff, type PullRequestRef } from './pr-context.js';
import { planReview, publishReview, type ReviewOutcome, type UnpostedEdit } from './review.js';
import { renderSummary, type FeatureState, type LinkTarget, type SummaryInput } from './summary.js';

/** The part of `@actions/core` the action uses. */
export interface ActionCore {
  getInput(name: string): string;
  setOutput(name: string, value: string | number): void;
  setSecret(secret: string): void;
  info(message: string): void;
  startGroup(name: string): void;
  endGroup(): void;
}

type ActionFs = Pick<typeof nodeFs, 'readFileSync' | 'writeFileSync' | 'appendFileSync' | 'mkdirSync' | 'existsSync'>;

interface ActionDeps {
  core: ActionCore;
  env: Readonly<Record<string, string | undefined>>;
  /** The REST client for a token (the entry uses `@actions/github`, which reads `GITHUB_API_URL`). */
  github: (token: string) => Promise<GitHubApi>;
  fs?: ActionFs;
  /** The directory used when `GITHUB_WORKSPACE` is not set. */
  cwd?: string;
  /** The entry printed the version line already (before loading the engine, so the step shows output at once). */
  announced?: boolean;
}

/** Exit codes, as the CLI's: 0 passed, 1 findings that fail under `fail-on`, 2 inputs, configuration or tool errors. */
type ExitCode = 0 | 1 | 2;

class Run {
  readonly features: FeatureState[] = [];
  readonly fs: ActionFs;
  readonly workspace: string;
  private readonly texts = new Map<string, string | undefined>();

  constructor(readonly deps: ActionDeps) {
    this.fs = deps.fs ?? nodeFs;
    this.workspace = path.resolve(deps.env.GITHUB_WORKSPACE || deps.cwd || process.cwd());
  }

  log(message: string): void {
    this.deps.core.info(message);
  }

  feature(name: string, on: boolean, detail: string): void {
    this.features.push({ name, on, detail });
    if (!on) this.log(`kyverno-lint: ${name} off: ${detail}`);
  }

  /** An error annotation (for inputs and configuration problems, which stop the run). */
  error(message: string, at?: { file: string; line: number; column: number }): void {
    const properties: [string, string | number][] = at ? [['file', at.file], ['line', at.line], ['col', at.column]] : [];
    this.log(workflowCommand('error', properties, message));
  }

  /** A workspace file's text (no byte order mark), cached; `undefined` when unreadable. */
  fileText(file: string): string | undefined {
    if (!this.texts.has(file)) {
      let text: string | undefined;
      try {
        text = (this.fs.readFileSync(path.resolve(this.workspace, file), 'utf8') as string).replace(/^\uFEFF/, '');
      } catch {
        text = undefined;
      }
      this.texts.set(file, text);
    }
    return this.texts.get(file);
  }

  fileLines(file: string): string[] | undefined {
    const text = this.fileText(file);
    if (text === undefined) return undefined;
    const lines = text.split(/\r?\n/);
    if (lines.at(-1) === '') lines.pop();
    return lines;
  }

  relative(file: string): string {
    return path.relative(this.workspace, file).split(path.sep).join('/');
  }

  readPayload(): unknown {
    const file = this.deps.env.GITHUB_EVENT_PATH;
    if (!file) return undefined;
    try {
      return JSON.parse(this.fs.readFileSync(file, 'utf8') as string);
    } catch (error) {
      this.log(`kyverno-lint: cannot read the event payload ${file}: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** The configuration (input `config`, else `.kyverno-lint.yaml` searched from the workspace); `null` after reporting problems. */
  readConfig(inputs: ActionInputs): LintConfig | null {
    let file: string | null;
    if (inputs.config !== undefined) {
      file = path.resolve(this.workspace, inputs.config);
      if (!this.fs.existsSync(file)) {
        this.error(`input config: ${inputs.config} does not exist`);
        return null;
      }
    } else {
      file = findConfigFile(this.workspace);
    }
    let config: LintConfig = structuredClone(DEFAULT_CONFIG);
    if (file !== null) {
      const loaded = loadConfig(file);
      if (loaded.problems.length > 0) {
        this.configProblems(file, loaded.problems);
        return null;
      }
      config = loaded.config;
      this.log(`kyverno-lint: configuration ${this.relative(file)}`);
    }
    if (inputs.valuesFile !== undefined) config = { ...config, values: path.resolve(this.workspace, inputs.valuesFile) };
    if (inputs.allowEmpty !== undefined) config = { ...config, allowEmpty: inputs.allowEmpty };
    return config;
  }

  /** Error annotations for the problems of the configuration file `file`. */
  configProblems(file: string, problems: readonly ConfigProblem[]): void {
    for (const problem of problems) this.error(problem.message, { file: this.relative(problem.file), line: problem.line, column: problem.column });
    this.error(`invalid configuration file ${this.relative(file)}`);
  }
}

function countsText(report: LintReport): string {
  const { counts } = report;
  return `${counts.error} error${counts.error === 1 ? '' : 's'}, ${counts.warning} warning${counts.warning === 1 ? '' : 's'}, ${counts.info} info`;
}

function plainLine(finding: Finding): string {
  const { file, line, column } = finding.location;
  return `${file || '.'}${line >= 1 ? `:${line}:${column}` : ''}  ${finding.severity}  ${finding.message}  ${finding.ruleId}`;
}

/** The pull request and its diff, when the event names one and the token can read it. */
async function pullRequestOf(state: Run, context: EventContext, api: GitHubApi | undefined): Promise<{ pull?: PullRequestRef; diff?: PullRequestDiff }> {
  let pull = context.pullRequest;
  if (pull === undefined && context.workflowRun !== undefined && api !== undefined) {
    try {
      pull = await findWorkflowRunPullRequest(api, context);
      if (pull === undefined) state.log(`kyverno-lint: no open pull request has the head ${context.workflowRun.headOwner}:${context.workflowRun.headBranch} at ${context.workflowRun.headSha}`);
    } catch (error) {
      state.log(`kyverno-lint: cannot look up the pull request of the workflow run (${describeError(error)})`);
    }
  }
  if (pull === undefined) {
    state.feature('changed files', false, `not a pull request (event ${context.eventName || 'unknown'})`);
    return {};
  }
  if (api === undefined) {
    state.feature('changed files', false, 'no token (input token is empty)');
    return { pull };
  }
  try {
    const diff = await fetchPullRequestDiff(api, pull);
    state.feature('changed files', true, `${diff.files.size} files changed in pull request #${pull.number}`);
    return { pull, diff };
  } catch (error) {
    state.feature('changed files', false, `cannot read the files of pull request #${pull.number} (${describeError(error)})`);
    return { pull };
  }
}

interface AnnotationOutcome {
  summary: SummaryInput['annotations'];
}

async function annotate(
  state: Run,
  inputs: ActionInputs,
  report: LintReport,
  ranked: Finding[],
  target: { api: GitHubApi | undefined; writeBlocked: string | undefined; context: EventContext; failed: boolean },
): Promise<AnnotationOutcome> {
  if (!inputs.annotations) {
    state.feature('annotations', false, 'input annotations is false');
    return { summary: { mode: 'off', shown: 0, hidden: 0 } };
  }
  const { api, writeBlocked, context } = target;
  const { env } = state.deps;
  let fallback: string;
  if (api === undefined || writeBlocked !== undefined) fallback = writeBlocked ?? 'no token';
  else if (context.repository === undefined || context.sha === '') fallback = 'GITHUB_REPOSITORY or GITHUB_SHA is not set';
  else {
    const { counts } = report;
    try {
      const result = await publishCheckRun(api, {
        repository: context.repository,
        headSha: context.sha,
        findings: ranked,
        title: `${countsText(report)}`,
        summary: `kyverno-lint checked ${report.manifests} manifests against ${report.policies} policies: ${countsText(report)}. The job summary has the details.`,
        conclusion: target.failed ? 'failure' : counts.error + counts.warning > 0 ? 'neutral' : 'success',
        name: runName(inputs.shard),
        ...(env.GITHUB_RUN_ID ? { detailsUrl: `${env.GITHUB_SERVER_URL || 'https://github.com'}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}` } : {}),
      });
      state.feature('check run', true, `${result.annotations} annotations in ${result.requests} requests`);
      state.log(`kyverno-lint: check run ${runName(inputs.shard)} (id ${result.id}) holds ${result.annotations} annotations (${result.requests} request${result.requests === 1 ? '' : 's'} of at most 50)`);
      if (result.unplaced.length > 0) for (const line of workflowCommands(report, capAnnotations(result.unplaced).shown).split('\n').filter(Boolean)) state.log(line);
      return { summary: { mode: 'check-run', shown: result.annotations, hidden: 0, detail: runName(inputs.shard) } };
    } catch (error) {
      const partial = (error as { partial?: { id: number; sent: number } }).partial;
      if (partial !== undefined) {
        state.feature('check run', false, `the check run ${partial.id} is incomplete: ${partial.sent} annotations sent, then ${describeError(error)}`);
        return { summary: { mode: 'check-run', shown: partial.sent, hidden: 0, detail: `(incomplete: ${describeError(error)})` } };
      }
      fallback = isPermissionError(error)
        ? `the token cannot create check runs (${describeError(error)}); it needs checks: write`
        : `the check run could not be created (${describeError(error)})`;
    }
  }
  state.feature('check run', false, `${fallback}; annotations are workflow commands instead (at most 10 per severity)`);
  const { shown, hidden } = capAnnotations(ranked);
  for (const line of workflowCommands(report, shown).split('\n').filter(Boolean)) state.log(line);
  if (hidden.length > 0) {
    state.log(`kyverno-lint: ${hidden.length} annotation${hidden.length === 1 ? ' was' : 's were'} not shown: GitHub keeps 10 per severity and step. They are:`);
    state.deps.core.startGroup(`${hidden.length} findings not shown as annotations`);
    for (const finding of hidden) state.log(plainLine(finding));
    state.deps.core.endGroup();
  }
  return { summary: { mode: 'workflow-commands', shown: collapseSameReason(shown).length, hidden: hidden.length } };
}

async function reviewPullRequest(
  state: Run,
  inputs: ActionInputs,
  ranked: Finding[],
  target: { api: GitHubApi | undefined; writeBlocked: string | undefined; pull: PullRequestRef | undefined; diff: PullRequestDiff | undefined; eventName: string; checkedOut: string | undefined },
): Promise<{ outcome?: ReviewOutcome; unposted: UnpostedEdit[] }> {
  const edits = (reason: string): UnpostedEdit[] => ranked.flatMap((finding) => (finding.fix ?? []).map((edit) => ({ finding, edit, reason })));
  let off: string | undefined;
  if (inputs.review === 'off') off = 'input review is off';
  else if (target.pull === undefined) off = `not a pull request (event ${target.eventName || 'unknown'})`;
  else if (target.api === undefined) off = 'no token (input token is empty)';
  else if (target.writeBlocked !== undefined) off = target.writeBlocked;
  else if (target.diff === undefined) off = "the pull request's changed files could not be read";
  if (off !== undefined || target.api === undefined || target.pull === undefined || target.diff === undefined || inputs.review === 'off') {
    state.feature('review', false, off ?? 'unavailable');
    return { unposted: edits(`no suggestion: ${off ?? 'review unavailable'}`) };
  }
  const { api, pull, diff } = target;
  // Comments go on the head commit. When the workspace is another commit (the default checkout of a
  // pull_request event is the merge commit), the files that carry comments are compared with their head version.
  const { checkedOut } = target;
  let place: Place | undefined;
  if (checkedOut && checkedOut.toLowerCase() !== pull.headSha.toLowerCase()) {
    const files = new Set<string>();
    for (const finding of ranked) {
      for (const edit of finding.fix ?? []) if (diff.isChanged(edit.file)) files.add(edit.file);
      if (inputs.review === 'comments' && finding.severity !== 'info' && !finding.fix && diff.isChanged(finding.location.file)) files.add(finding.location.file);
    }
    const remote = apiCommitReader(api, pull);
    const local = localCommitReader(state.workspace, pull.headSha, remote);
    const placement = await placeOnHead(files, (file) => state.fileText(file), local ?? remote, pull.headSha);
    place = placement.place;
    const how = local ? 'git (the head commit is in the clone)' : 'the contents API (the head commit is not in the clone)';
    state.log(`kyverno-lint: the workspace is ${checkedOut.slice(0, 7)}, not the head commit ${pull.headSha.slice(0, 7)}: ${files.size} file${files.size === 1 ? '' : 's'} read at the head commit through ${how}; ${placement.mapped.length} differ${placement.mapped.length === 1 ? 's' : ''} from the workspace (lines mapped)`);
  }
  const plan = planReview(ranked, diff, inputs.review, (file) => state.fileLines(file), place);
  let outcome: ReviewOutcome;
  try {
    // An earlier comment of a rule that no longer reports anything in its file is marked resolved.
    const reported = new Set(ranked.flatMap((finding) => [finding.location.file, ...(finding.fix ?? []).map((edit) => edit.file)].map((file) => `${finding.ruleId}\n${file}`)));
    outcome = await publishReview(api, pull, plan.comments, { stillReported: (ruleId, file) => reported.has(`${ruleId}\n${file}`) });
  } catch (error) {
    state.feature('review', false, `cannot read the pull request's review comments (${describeError(error)})`);
    return { unposted: [...plan.unposted, ...plan.comments.filter((comment) => comment.edit).map((comment) => ({ finding: comment.finding, edit: comment.edit!, reason: 'review unavailable' }))] };
  }
  const unposted = [...plan.unposted];
  for (const { comment, reason } of outcome.failed) {
    if (reason !== outcome.stopped) state.log(`kyverno-lint: review comment on ${comment.path}:${comment.line} not posted: ${reason}`);
    if (comment.edit) unposted.push({ finding: comment.finding, edit: comment.edit, reason });
  }
  if (outcome.stopped !== undefined) state.feature('review', false, outcome.stopped);
  else state.feature('review', true, `${outcome.created.length} posted, ${outcome.updated.length} updated, ${outcome.unchanged.length} unchanged, ${outcome.resolved.length} marked resolved, ${outcome.failed.length} rejected`);
  state.log(`kyverno-lint: review of pull request #${pull.number} on ${pull.headSha.slice(0, 7)}${outcome.reviewId !== undefined ? ` (review ${outcome.reviewId})` : ''}: ${outcome.created.length} comments posted, ${outcome.updated.length} updated, ${outcome.unchanged.length} unchanged, ${outcome.failed.length} not posted${outcome.resolved.length > 0 ? `, ${outcome.resolved.length} earlier marked resolved` : ''}; ${plan.unposted.length} edits outside the diff go to the summary`);
  return { outcome, unposted };
}

export async function run(deps: ActionDeps): Promise<ExitCode> {
  const state = new Run(deps);
  const { core, env } = deps;
  if (deps.announced !== true) state.log(announcement());
  let inputs: ActionInputs;
  try {
    inputs = readInputs((name) => core.getInput(name));
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    state.error(error.message);
    core.setOutput('exit-code', 2);
    return 2;
  }
  if (inputs.token !== '') core.setSecret(inputs.token);

  const context = eventContext(env, state.readPayload());
  const api = inputs.token !== '' ? await deps.github(inputs.token) : undefined;
  const writeBlocked = api === undefined ? 'no token (input token is empty)' : context.readOnlyReason;
  const { pull, diff } = await pullRequestOf(state, context, api);

  const config = state.readConfig(inputs);
  if (config === null) {
    core.setOutput('exit-code', 2);
    return 2;
  }
  const options: LintOptions = {
    cwd: state.workspace,
    paths: inputs.paths.map((item) => path.resolve(state.workspace, item)),
    policyPaths: inputs.policies.map((item) => path.resolve(state.workspace, item)),
    config,
    // The edits of mutations: suggestions, summary diffs and SARIF fixes.
    fixes: true,
    ...(inputs.shard !== undefined ? { shard: inputs.shard } : {}),
  };
  // The base revision: each object an UPDATE of its version there (only this path loads base-tree.ts).
  const baseWarnings: string[] = [];
  let baseFrom = '';
  if (inputs.base.mode !== 'off') {
    const { openBase } = await import('./base-tree.js');
    const opened = await openBase(inputs.base, context, pull, api, state.workspace);
    if ('revision' in opened) {
      options.base = opened.revision;
      baseFrom = opened.from;
    } else if ('error' in opened) {
      baseWarnings.push(`${opened.error}; the manifests are checked as new objects (CREATE)`);
    } else {
      state.log(`kyverno-lint: no base revision: ${opened.none}`);
    }
  }
  if (inputs.onlyChanged) {
    if (diff !== undefined) {
      options.reportFiles = diff.presentFiles().map((file) => path.resolve(state.workspace, file));
      state.feature('only-changed', true, `findings of the ${options.reportFiles.length} changed files`);
    } else {
      state.feature('only-changed', false, 'the changed files are not known; every finding is reported');
    }
  }
  const result = await lint(options);
  const { report } = result;
  for (const warning of result.warnings) state.log(`kyverno-lint: warning: ${warning}`);
  if (result.configProblems.length > 0) {
    state.configProblems(config.file ?? '', result.configProblems);
    core.setOutput('exit-code', 2);
    return 2;
  }
  // A scan that checked nothing fails the step (a tool error) unless allowed, as in the CLI.
  const warnings = [...result.warnings];
  if (result.base !== null) {
    const { label, updated, created, removed, error } = result.base;
    if (error !== undefined) baseWarnings.push(`${error}; the manifests were checked as new objects (CREATE)`);
    else {
      const detail = `compared with ${label} (read from ${baseFrom}): ${updated} updated, ${created} new, ${removed} removed objects`;
      state.feature('base revision', true, detail);
      state.log(`kyverno-lint: base revision ${detail}`);
    }
  }
  for (const warning of baseWarnings) {
    warnings.push(warning);
    state.log(`kyverno-lint: warning: ${warning}`);
  }
  const errors = [...result.errors];
  if (result.empty !== null && config.allowEmpty === true) {
    warnings.push(result.empty.message);
    state.log(`kyverno-lint: warning: ${result.empty.message}`);
  } else if (result.empty !== null) {
    const add = result.empty.noPolicy ? 'set the policies globs of the configuration or the input policies; ' : '';
    errors.push(`${result.empty.message} (${add}input allow-empty: true, or allowEmpty: true in the configuration, accepts a scan that checks nothing)`);
  }
  for (const error of errors) state.error(error);
  if (result.shard !== null) {
    const { index, count, units, totalUnits, subjects } = result.shard;
    state.log(
      units === 0
        ? `kyverno-lint: shard ${index}/${count} has no manifest to check (the repository has ${totalUnits} units of work for ${count} shards); the other shards check them`
        : `kyverno-lint: shard ${index}/${count}: ${subjects} of the repository's objects (${units} of ${totalUnits} units of work)`,
    );
  }

  // The configuration's maxWarnings fails the step too, as it fails the CLI (unless fail-on is never).
  const tooManyWarnings = inputs.failOn !== 'never' && config.maxWarnings !== undefined && report.counts.warning > config.maxWarnings;
  if (tooManyWarnings) state.log(`kyverno-lint: too many warnings (maximum: ${config.maxWarnings})`);
  const failed = errors.length > 0 || failsOn(inputs.failOn, report.counts) || tooManyWarnings;
  const exitCode: ExitCode = errors.length > 0 ? 2 : failed ? 1 : 0;
  const ranked = rankFindings(report.findings, diff);
  state.log(`kyverno-lint: ${report.manifests} manifests, ${report.policies} policies: ${countsText(report)}${report.counts.suppressed > 0 ? `, ${report.counts.suppressed} suppressed` : ''}`);

  const annotated = annotatedFindings(ranked, diff);
  const notAnnotated = ranked.length - annotated.length;
  if (inputs.annotations && notAnnotated > 0) {
    state.log(`kyverno-lint: ${notAnnotated} ${LEGACY_POLICY} notice${notAnnotated === 1 ? ' is' : 's are'} not annotated (${diff === undefined ? 'not a pull request' : 'files the pull request does not change'}); the job summary lists them`);
  }
  const annotations = await annotate(state, inputs, report, annotated, { api, writeBlocked, context, failed });
  // The commit in the workspace (`.git/HEAD`, else GITHUB_SHA): on a pull_request event by default the merge commit.
  const checkedOut = checkedOutCommit((file) => state.fs.readFileSync(file, 'utf8') as string, state.workspace) ?? (env.GITHUB_SHA || undefined);
  const review = await reviewPullRequest(state, inputs, ranked, { api, writeBlocked, pull, diff, eventName: context.eventName, checkedOut });

  let sarifPath = '';
  if (inputs.sarifFile !== undefined) {
    const target = path.resolve(state.workspace, inputs.sarifFile);
    try {
      state.fs.mkdirSync(path.dirname(target), { recursive: true });
      // The log is for code scanning, which would open alerts for results suppressed by inline directives.
      const log = sarifChunks(report, { color: false, toolVersion: packageJson.version, sarifSuppressed: false, ...(inputs.shard !== undefined ? { automationId: sarifAutomationId(inputs.shard)! } : {}) });
      // Written in blocks as they are made: the log of a large repository is hundreds of megabytes.
      state.fs.writeFileSync(target, '');
      for (const block of reportBlocks(log)) state.fs.appendFileSync(target, block);
      sarifPath = target;
      state.feature('SARIF', true, target);
      state.log(`kyverno-lint: SARIF written to ${state.relative(target)}`);
    } catch (error) {
      state.feature('SARIF', false, `cannot write ${inputs.sarifFile}: ${(error as Error).message}`);
    }
  }

  // The summary's links carry the workspace's line numbers: they point at the commit checked out.
  const linkSha = checkedOut ?? context.sha;
  const links: LinkTarget | undefined = env.GITHUB_REPOSITORY && linkSha ? { serverUrl: env.GITHUB_SERVER_URL || 'https://github.com', repository: env.GITHUB_REPOSITORY, sha: linkSha } : undefined;
  if (!inputs.summary) state.feature('summary', false, 'input summary is false');
  else if (!env.GITHUB_STEP_SUMMARY) state.feature('summary', false, 'GITHUB_STEP_SUMMARY is not set');
  else {
    const { outcome } = review;
    const markdown = renderSummary({
      title: runName(inputs.shard),
      report,
      warnings,
      errors,
      links,
      annotations: annotations.summary,
      ...(outcome
        ? {
            review: {
              created: outcome.created.length,
              updated: outcome.updated.length,
              unchanged: outcome.unchanged.length,
              failed: outcome.failed.map(({ comment, reason }) => ({ path: comment.path, line: comment.line, kind: comment.kind, ruleId: comment.finding.ruleId, reason })),
            },
          }
        : {}),
      edits: review.unposted,
      fileText: (file) => state.fileText(file),
      features: state.features,
      failed,
      failOn: inputs.failOn,
    });
    try {
      state.fs.appendFileSync(env.GITHUB_STEP_SUMMARY, markdown);
    } catch (error) {
      state.log(`kyverno-lint: cannot write the job summary: ${(error as Error).message}`);
    }
  }

  core.setOutput('errors', report.counts.error);
  core.setOutput('warnings', report.counts.warning);
  core.setOutput('info', report.counts.info);
  core.setOutput('sarif-file', sarifPath);
  core.setOutput('exit-code', exitCode);
  if (exitCode === 2) state.log('kyverno-lint: failing the step: tool errors (see above)');
  else if (exitCode === 1) state.log(`kyverno-lint: failing the step: ${countsText(report)} (fail-on: ${inputs.failOn})`);
  return exitCode;
}
