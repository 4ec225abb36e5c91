#!/usr/bin/env node
import { createRequire as __kyvernoLintCreateRequire } from 'node:module';
const require = __kyvernoLintCreateRequire(import.meta.url);
import {
  describeError
} from "./action-chunk-6Z45D5OD.js";
import "./action-chunk-QE36UPMW.js";
import {
  openGitRevision
} from "./action-chunk-5B5APDF4.js";
import "./action-chunk-KNQS4FUO.js";

// src/action/base-tree.ts
var MAX_API_BLOBS = 500;
var CONCURRENCY = 8;
var SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;
var MODES = { "100644": "file", "100755": "executable", "120000": "symlink" };
function treeFiles(entries) {
  const files = [];
  for (const item of entries) {
    const entry = item;
    const type = MODES[String(entry.mode)];
    if (entry.type !== "blob" || type === void 0 || typeof entry.path !== "string" || typeof entry.sha !== "string") continue;
    const file = { path: entry.path, type, sha: entry.sha };
    if (typeof entry.size === "number") file.size = entry.size;
    files.push(file);
  }
  return files;
}
async function readBlob(api, repository, sha) {
  const { data } = await api.request("GET /repos/{owner}/{repo}/git/blobs/{file_sha}", { owner: repository.owner, repo: repository.repo, file_sha: sha });
  const blob = data;
  if (typeof blob.content !== "string") throw new Error(`the API answered no content for blob ${sha.slice(0, 12)}`);
  return Buffer.from(blob.content, blob.encoding === "base64" ? "base64" : "utf8");
}
async function readBlobs(api, repository, shas) {
  const unique = [...new Set(shas)];
  if (unique.length > MAX_API_BLOBS) throw new Error(`${unique.length} files differ from the base: more than ${MAX_API_BLOBS} are not read through the API`);
  const out = /* @__PURE__ */ new Map();
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const sha = unique[next++];
      out.set(sha, await readBlob(api, repository, sha));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, unique.length) }, worker));
  return out;
}
async function apiRevision(api, repository, ref, label, root) {
  const { data } = await api.request("GET /repos/{owner}/{repo}/git/trees/{tree_sha}", { owner: repository.owner, repo: repository.repo, tree_sha: ref, recursive: "1" });
  const tree = data;
  if (tree.truncated === true) throw new Error("its tree has too many entries for one listing of the API");
  if (!Array.isArray(tree.tree)) throw new Error("the API answered no tree");
  return {
    label,
    ...SHA.test(ref) ? { commit: ref.toLowerCase() } : {},
    root,
    files: treeFiles(tree.tree),
    readBlobs: (shas) => readBlobs(api, repository, shas)
  };
}
function target(input, context, pull) {
  if (input.mode === "ref") return { ref: input.ref, label: input.ref };
  const base = pull?.base ?? context.pushBase;
  if (base !== void 0) return { ref: base.sha, label: base.label };
  if (pull !== void 0) return `the event does not name the base commit of pull request #${pull.number}`;
  if (context.eventName === "push") return "the push created its branch: there is no earlier commit";
  return `the ${context.eventName || "unknown"} event names no base commit`;
}
async function openBase(input, context, pull, api, workspace) {
  const wanted = target(input, context, pull);
  if (typeof wanted === "string") return { none: wanted };
  const local = await openGitRevision(workspace, wanted.ref);
  if (!("error" in local)) return { revision: { ...local, label: wanted.label }, from: "the clone" };
  const repository = context.repository;
  if (api === void 0 || repository === void 0) {
    return { error: `cannot read the base revision ${wanted.label}: the clone does not hold it and ${api === void 0 ? "there is no token (input token is empty)" : "GITHUB_REPOSITORY is not set"}` };
  }
  try {
    return { revision: await apiRevision(api, repository, wanted.ref, wanted.label, workspace), from: "the GitHub API" };
  } catch (error) {
    return { error: `cannot read the base revision ${wanted.label} through the GitHub API (${describeError(error)})` };
  }
}
export {
  MAX_API_BLOBS,
  apiRevision,
  openBase,
  treeFiles
};
