#!/usr/bin/env node
import { createRequire as __kyvernoLintCreateRequire } from 'node:module';
const require = __kyvernoLintCreateRequire(import.meta.url);
import {
  DEFAULT_MAX_FILE_SIZE,
  KUSTOMIZATION_FILE_NAMES,
  Suppressions,
  evaluateResource,
  gitBlobSha,
  jsonEqual,
  mutatedResource,
  policyReference,
  resourceKey
} from "./action-chunk-5B5APDF4.js";
import "./action-chunk-KNQS4FUO.js";

// src/lint/base-revision.ts
import { copyFileSync, constants, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
function outside(relative) {
  return relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}
var READ_EXTENSIONS = /* @__PURE__ */ new Set([".yaml", ".yml", ".json"]);
function filesToRead(files, named) {
  const kustomizations = new Set(files.filter((file) => KUSTOMIZATION_FILE_NAMES.includes(path.posix.basename(file.path))).map((file) => path.posix.dirname(file.path)));
  const inKustomization = (file) => {
    if (kustomizations.size === 0) return false;
    for (let dir = path.posix.dirname(file); ; dir = path.posix.dirname(dir)) {
      if (kustomizations.has(dir)) return true;
      if (dir === ".") return false;
    }
  };
  return files.filter((file) => {
    const name = path.posix.basename(file.path);
    return READ_EXTENSIONS.has(path.posix.extname(name).toLowerCase()) || name === ".gitignore" || named.has(file.path) || inKustomization(file.path);
  });
}
function safeSegments(file) {
  const segments = file.split("/");
  return segments.every((segment) => segment !== "" && segment !== "." && segment !== ".." && segment !== ".git" && !segment.includes("\\")) ? segments : null;
}
function sameContent(revision, file, working) {
  const known = revision.sameInWorkingTree?.(file);
  if (known !== void 0) return known;
  try {
    const stats = lstatSync(working);
    if (!stats.isFile() || file.size !== void 0 && stats.size !== file.size) return false;
    return gitBlobSha(readFileSync(working)) === file.sha;
  } catch {
    return false;
  }
}
function reuse(working, target) {
  try {
    linkSync(working, target);
    return true;
  } catch {
    try {
      copyFileSync(working, target, constants.COPYFILE_FICLONE);
      return true;
    } catch {
      return false;
    }
  }
}
async function materialize(revision, dir, maxFileSize, files = revision.files) {
  const placed = [];
  const folders = /* @__PURE__ */ new Set();
  for (const file of files) {
    const segments = safeSegments(file.path);
    if (segments === null) continue;
    placed.push({ file, segments });
    for (let depth = segments.length - 1; depth > 0; depth--) {
      const folder = segments.slice(0, depth).join("/");
      if (folders.has(folder)) break;
      folders.add(folder);
    }
  }
  for (const folder of [...folders].sort()) mkdirSync(path.join(dir, ...folder.split("/")));
  const counts = { reused: 0, written: 0 };
  const wanted = [];
  for (const { file, segments } of placed) {
    const target = path.join(dir, ...segments);
    const working = path.join(revision.root, ...segments);
    if (file.type === "symlink") {
      if (revision.sameInWorkingTree?.(file) === true) {
        try {
          symlinkSync(readlinkSync(working), target);
          counts.reused++;
          continue;
        } catch {
        }
      }
    } else if (file.size !== void 0 && file.size > maxFileSize) {
      writeFileSync(target, "");
      truncateSync(target, file.size);
      counts.written++;
      continue;
    } else if (sameContent(revision, file, working) && reuse(working, target)) {
      counts.reused++;
      continue;
    }
    wanted.push({ file, target });
  }
  const blobs = await revision.readBlobs(wanted.map(({ file }) => file.sha));
  for (const { file, target } of wanted) {
    const content = blobs.get(file.sha);
    if (content === void 0) throw new Error(`the blob of ${file.path} (${file.sha.slice(0, 12)}) was not read`);
    if (file.type === "symlink") {
      try {
        symlinkSync(content.toString("utf8"), target);
      } catch {
        continue;
      }
    } else {
      writeFileSync(target, content);
    }
    counts.written++;
  }
  mkdirSync(path.join(dir, ".git", "info"), { recursive: true });
  if (revision.excludeFile !== void 0) {
    try {
      copyFileSync(revision.excludeFile, path.join(dir, ".git", "info", "exclude"));
    } catch {
    }
  }
  return counts;
}
function baseOptions(options, root, dir) {
  const inside = (file) => {
    const relative = path.relative(root, file);
    if (relative === "") return dir;
    return outside(relative) ? null : path.join(dir, relative);
  };
  const map = (file) => inside(file) ?? file;
  const config = { ...options.config };
  if (config.file !== void 0) config.file = map(config.file);
  return {
    cwd: map(options.cwd),
    paths: options.paths.filter((item) => item !== "-").map(map),
    policyPaths: [],
    config
  };
}
function pairByIdentity(head, base, origin) {
  const byKey = /* @__PURE__ */ new Map();
  for (const resource of base) {
    if (resource.name === "") continue;
    const key = resourceKey(resource.value);
    const list = byKey.get(key);
    if (list === void 0) byKey.set(key, [resource]);
    else list.push(resource);
  }
  const pairs = /* @__PURE__ */ new Map();
  const taken = /* @__PURE__ */ new Set();
  const headByKey = /* @__PURE__ */ new Map();
  for (const resource of head) {
    if (resource.name === "") continue;
    const key = resourceKey(resource.value);
    if (!byKey.has(key)) continue;
    const list = headByKey.get(key);
    if (list === void 0) headByKey.set(key, [resource]);
    else list.push(resource);
  }
  for (const [key, heads] of headByKey) {
    const bases = byKey.get(key);
    if (heads.length === 1 && bases.length === 1) {
      pairs.set(heads[0], bases[0]);
      taken.add(bases[0]);
      continue;
    }
    for (const sameOrigin of [true, false]) {
      for (const resource of heads) {
        if (pairs.has(resource)) continue;
        const from = sameOrigin ? origin(resource, "head") : "";
        const found = bases.find((candidate) => !taken.has(candidate) && (!sameOrigin || origin(candidate, "base") === from));
        if (found === void 0) continue;
        pairs.set(resource, found);
        taken.add(found);
      }
    }
  }
  const removed = base.filter((resource) => resource.name !== "" && !taken.has(resource));
  return { pairs, removed };
}
function statusKeys(responses) {
  const keys = /* @__PURE__ */ new Set();
  for (const { response } of responses) {
    const policy = policyReference(response.policy);
    for (const rule of response.rules) {
      keys.add(`${policy}/${rule.name}
${rule.status}`);
      keys.add(`${policy}
${rule.status}`);
    }
  }
  return keys;
}
var BaseComparison = class {
  constructor(outcome, pairs, removed, files, context, cwd) {
    this.outcome = outcome;
    this.pairs = pairs;
    this.removed = removed;
    this.files = files;
    this.context = context;
    const { evaluation } = context;
    this.#createEvaluation = evaluation.operation === "CREATE" ? evaluation : { ...evaluation, operation: "CREATE" };
    this.#removedSet = new Set(removed);
    const deleted = /* @__PURE__ */ new Set();
    for (const resource of removed) {
      const display = files.get(resource.file)?.display;
      if (display !== void 0 && !existsSync(path.resolve(cwd, display))) deleted.add(display);
    }
    this.deletedFiles = deleted;
  }
  outcome;
  pairs;
  removed;
  files;
  context;
  #createEvaluation;
  #stored = /* @__PURE__ */ new Map();
  /** The base objects as the admission controller receives them (defaulted), each made once. */
  #received = /* @__PURE__ */ new Map();
  #removedSet;
  /** The findings of removed objects (located in base files). */
  #removedFindings = /* @__PURE__ */ new WeakSet();
  #suppressions;
  /** Base files of removed objects that the working tree no longer has (as displayed). */
  deletedFiles;
  #receivedBase(base) {
    let received = this.#received.get(base);
    if (received === void 0) {
      received = this.context.receive(base);
      this.#received.set(base, received);
    }
    return received;
  }
  /** The base object as the cluster stores it: defaulted by the API server, then mutated by the policies on its CREATE. */
  #storedObject(base) {
    let stored = this.#stored.get(base);
    if (stored === void 0) {
      const policies = this.context.policies(base.namespace);
      const received = this.#receivedBase(base);
      stored = received.value;
      if (policies.some((policy) => policy.mutate !== void 0)) {
        const responses = evaluateResource(policies, received, { ...this.#createEvaluation, mutateOnly: true, targets: [] });
        stored = mutatedResource(responses, received.value);
      }
      this.#stored.set(base, stored);
    }
    return stored;
  }
  /**
   * How `resource` (a head object, or one of {@link removed}) is evaluated; `received` is the head object as the
   * admission controller receives it (defaulted).
   */
  change(resource, received = resource) {
    const { evaluation } = this.context;
    if (this.#removedSet.has(resource)) {
      const stored = this.#storedObject(resource);
      const document = stored === resource.value ? resource : { ...resource, value: stored };
      return { operation: "DELETE", resource: document, evaluation: { ...evaluation, operation: "DELETE", oldResource: stored } };
    }
    const base = this.pairs.get(resource);
    if (base === void 0) return { operation: "CREATE", resource: received, evaluation: this.#createEvaluation };
    if (jsonEqual(this.#receivedBase(base).value, received.value, "type")) return { operation: "CREATE", resource: received, evaluation: this.#createEvaluation };
    return { operation: "UPDATE", resource: received, evaluation: { ...evaluation, operation: "UPDATE", oldResource: this.#storedObject(base) } };
  }
  /**
   * Names the base in the messages of the findings `change` brings (see the file comment); changes them in place.
   * `responses` are those the findings come from.
   */
  describe(change, findings, responses) {
    const { label } = this.outcome;
    if (change.operation === "DELETE") {
      for (const finding of findings) {
        finding.message = `${finding.message} (DELETE: removed since ${label})`;
        this.#removedFindings.add(finding);
      }
      return;
    }
    if (change.operation !== "UPDATE") return;
    const rules = findings.filter((finding) => finding.policy !== "" && (finding.status === "fail" || finding.status === "error"));
    if (rules.length === 0) return;
    const failing = new Set(responses.filter(({ response }) => response.rules.some((rule) => rule.status === "fail" || rule.status === "error")).map(({ response }) => response.policy));
    const policies = this.context.policies(change.resource.namespace).filter((policy) => failing.has(policy) || policy.mutate !== void 0);
    const asCreate = statusKeys(evaluateResource(policies, change.resource, this.#createEvaluation));
    for (const finding of rules) {
      if (!asCreate.has(`${finding.ruleId}
${finding.status}`)) finding.message = `${finding.message} (UPDATE from ${label})`;
    }
  }
  /** Whether a finding is about a removed object (it is located in a base file). */
  isRemoved(finding) {
    return this.#removedFindings.has(finding);
  }
  /**
   * The inline directives of the base files of removed objects: a finding of a removed object is suppressed by the
   * directives written around it at the base.
   */
  suppressions(ruleIds) {
    if (this.#suppressions === void 0) {
      const files = /* @__PURE__ */ new Set();
      for (const resource of this.removed) {
        const file = this.files.get(resource.file);
        if (file !== void 0) files.add(file);
      }
      this.#suppressions = new Suppressions(files, ruleIds);
    }
    return this.#suppressions;
  }
};
async function compareWithBase(options, head, context, warnings) {
  const revision = options.base;
  const started = performance.now();
  const failed = (error) => ({
    comparison: null,
    outcome: { label: revision.label, ...revision.commit !== void 0 ? { commit: revision.commit } : {}, updated: 0, created: 0, removed: 0, loadMs: performance.now() - started, error }
  });
  const relative = path.relative(revision.root, options.cwd);
  if (outside(relative)) return failed(`the working directory ${options.cwd} is outside the repository ${revision.root}`);
  if (options.config.operation !== "CREATE") {
    warnings.push(`the configuration's operation (${options.config.operation}) is not used with a base revision: each object is a CREATE, an UPDATE or a DELETE as the comparison with ${revision.label} says`);
  }
  let workspace;
  let dir;
  try {
    dir = mkdtempSync(path.join(tmpdir(), "kyverno-lint-base-"));
    const scanned = options.paths.filter((item) => item !== "-");
    const named = new Set(scanned.map((item) => path.relative(revision.root, item).split(path.sep).join("/")));
    if (scanned.length > 0) await materialize(revision, dir, options.config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE, filesToRead(revision.files, named));
    workspace = await context.load(baseOptions(options, revision.root, dir));
  } catch (error) {
    return failed(`cannot read the base revision ${revision.label}: ${error.message}`);
  } finally {
    if (dir !== void 0) rmSync(dir, { recursive: true, force: true });
  }
  const baseDisplay = (resource) => workspace.files.get(resource.file)?.display ?? resource.file;
  const origin = (resource, side) => resource.builtBy !== void 0 ? `build:${resource.builtBy.join("\n")}` : `file:${side === "head" ? context.display(resource) : baseDisplay(resource)}`;
  const { pairs, removed } = pairByIdentity(head, workspace.manifests, origin);
  const outcome = {
    label: revision.label,
    ...revision.commit !== void 0 ? { commit: revision.commit } : {},
    updated: pairs.size,
    created: head.length - pairs.size,
    removed: removed.length,
    loadMs: performance.now() - started
  };
  return { comparison: new BaseComparison(outcome, pairs, removed, workspace.files, context, options.cwd), outcome };
}
export {
  BaseComparison,
  baseOptions,
  compareWithBase,
  filesToRead,
  materialize,
  pairByIdentity
};
