/**
 * @file The admission request of a ValidatingPolicy evaluation offline: attributes for the matcher and the
 * `object`, `oldObject`, `request` and `namespaceObject` values, as the Kyverno CLI builds them
 * (kyverno/kyverno cmd/cli/kubectl-kyverno/processor/policy_processor.go, "validating policies";
 * processor/operation.go `AdmissionRequestShape`; pkg/cel/engine/request.go `Request`): the operation of the
 * request (CREATE by default), the object for CREATE/UPDATE, the same object as old object for UPDATE (or the
 * old object given with the request, as the admission controller's `oldObject`), only an old object for
 * DELETE; the resource (plural) of the kind from the built-in list or guessed.
 */
import type { EvaluationRequest } from '../../../evaluate/types.js';
import type { JsonObject } from '../../../types.js';
import { splitApiVersion } from '../../../cluster/resource-types.js';
import type { ActivationData } from '../environment.js';
import { metadataString, resourceOfKind, type AdmissionAttributes } from '../match/index.js';

export interface AdmissionRequestData {
  attributes: AdmissionAttributes;
  /** The admission variables (`namespaceObject` null for a cluster-scoped resource or when none is resolved). */
  data: ActivationData;
}

function operationOf(request: EvaluationRequest): 'CREATE' | 'UPDATE' | 'DELETE' {
  const operation = request.operation;
  return operation === 'UPDATE' || operation === 'DELETE' ? operation : 'CREATE';
}

/** The request's attributes and admission variables. */
const built = new WeakMap<EvaluationRequest, AdmissionRequestData>();

export function admissionRequest(request: EvaluationRequest): AdmissionRequestData {
  // The processor hands the same request to every policy: build its admission data once.
  let found = built.get(request);
  if (found === undefined) {
    found = buildAdmissionRequest(request);
    built.set(request, found);
  }
  return found;
}

function buildAdmissionRequest(request: EvaluationRequest): AdmissionRequestData {
  const resource = request.resource;
  const apiVersion = typeof resource.apiVersion === 'string' ? resource.apiVersion : '';
  // A subresource's object is requested as its parent resource's subresource.
  const parent = request.subresourceParent;
  const { group, version } = parent ?? splitApiVersion(apiVersion) ?? { group: '', version: apiVersion };
  const kind = parent?.kind ?? (typeof resource.kind === 'string' ? resource.kind : '');
  const operation = operationOf(request);
  const object = operation === 'DELETE' ? null : resource;
  // An UPDATE's old object is the one given with the request (as the admission controller receives it),
  // else (the CLI's) the resource itself; a DELETE's is the resource.
  const oldObject = operation === 'CREATE' ? null : operation === 'UPDATE' ? (request.oldResource ?? resource) : resource;
  const namespace = metadataString(resource, 'namespace');
  const name = metadataString(resource, 'name');
  const subresource = request.subresource ?? '';
  const plural = resourceOfKind(group, kind);
  const attributes: AdmissionAttributes = { group, version, kind, resource: plural, subresource, namespace, name, operation, object, oldObject };
  const gvk = { group, version, kind };
  const gvr = { group, version, resource: plural };
  // `admissionv1.AdmissionRequest` as JSON (omitempty fields left out when empty).
  const admission: JsonObject = { uid: '', kind: gvk, resource: gvr, requestKind: gvk, requestResource: gvr, operation };
  if (subresource !== '') {
    admission.subResource = subresource;
    admission.requestSubResource = subresource;
  }
  if (name !== '') admission.name = name;
  if (namespace !== '') admission.namespace = namespace;
  const info = request.userInfo?.userInfo;
  const userInfo: JsonObject = {};
  if (info?.username) userInfo.username = info.username;
  if (info?.uid) userInfo.uid = info.uid;
  if (info?.groups && info.groups.length > 0) userInfo.groups = [...info.groups];
  if (info?.extra && Object.keys(info.extra).length > 0) userInfo.extra = Object.fromEntries(Object.entries(info.extra).map(([key, values]) => [key, [...values]]));
  admission.userInfo = userInfo;
  admission.object = object;
  admission.oldObject = oldObject;
  admission.dryRun = false;
  admission.options = null;
  const namespaceObject = namespace === '' ? null : request.namespaceObject ?? null;
  return { attributes, data: { object, oldObject, request: admission, namespaceObject } };
}
