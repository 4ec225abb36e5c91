/**
 * @file Defaults of the workload kinds: kubernetes/kubernetes pkg/apis/apps/v1/defaults.go and
 * pkg/apis/batch/v1/defaults.go, with the pod template defaults their zz_generated.defaults.go applies.
 */
import type { JsonObject } from '../../types.js';
import { defaultNil, defaultString, editObject, editObjects, edited, isEmptyCollection, isEmptyString, isNil, type Draft } from './edit.js';
import { childObject, defaultClaim, defaultPodTemplate, nonEmptyObject } from './pod.js';
import type { DefaultingFeatures } from './versions.js';

/**
 * The update strategy of a Deployment (`strategy`) or a DaemonSet (`updateStrategy`): type RollingUpdate, and for that
 * type `rollingUpdate.maxUnavailable` and `maxSurge`.
 */
function defaultRollingUpdate(spec: Draft, key: string, maxUnavailable: string | number, maxSurge: string | number): void {
  editObject(
    spec,
    key,
    (strategy) =>
      edited(strategy, (st) => {
        defaultString(st, 'type', 'RollingUpdate');
        if (st.get('type') !== 'RollingUpdate') return;
        editObject(
          st,
          'rollingUpdate',
          (rolling) =>
            edited(rolling, (r) => {
              defaultNil(r, 'maxUnavailable', maxUnavailable);
              defaultNil(r, 'maxSurge', maxSurge);
            }),
          true,
        );
      }),
    true,
  );
}

/** `SetDefaults_Deployment`. */
export function defaultDeployment(deployment: JsonObject, features: DefaultingFeatures): JsonObject {
  return edited(deployment, (d) =>
    editObject(
      d,
      'spec',
      (spec) =>
        edited(spec, (s) => {
          defaultNil(s, 'replicas', 1);
          defaultRollingUpdate(s, 'strategy', '25%', '25%');
          defaultNil(s, 'revisionHistoryLimit', 10);
          defaultNil(s, 'progressDeadlineSeconds', 600);
          editObject(s, 'template', (t) => defaultPodTemplate(t, features), true);
        }),
      true,
    ),
  );
}

/** `SetDefaults_DaemonSet`. */
export function defaultDaemonSet(daemonSet: JsonObject, features: DefaultingFeatures): JsonObject {
  return edited(daemonSet, (d) =>
    editObject(
      d,
      'spec',
      (spec) =>
        edited(spec, (s) => {
          defaultRollingUpdate(s, 'updateStrategy', 1, 0);
          defaultNil(s, 'revisionHistoryLimit', 10);
          editObject(s, 'template', (t) => defaultPodTemplate(t, features), true);
        }),
      true,
    ),
  );
}

/** `SetDefaults_StatefulSet`, the pod template and the claim templates (`SetDefaults_PersistentVolumeClaim`). */
export function defaultStatefulSet(statefulSet: JsonObject, features: DefaultingFeatures): JsonObject {
  return edited(statefulSet, (d) =>
    editObject(
      d,
      'spec',
      (spec) =>
        edited(spec, (s) => {
          defaultString(s, 'podManagementPolicy', 'OrderedReady');
          editObject(
            s,
            'updateStrategy',
            (strategy) =>
              edited(strategy, (st) => {
                if (isEmptyString(st.get('type'))) {
                  st.set('type', 'RollingUpdate');
                  defaultNil(st, 'rollingUpdate', {});
                }
                if (st.get('type') !== 'RollingUpdate') return;
                editObject(st, 'rollingUpdate', (rolling) =>
                  edited(rolling, (r) => {
                    defaultNil(r, 'partition', 0);
                    if (features.statefulSetMaxUnavailable) defaultNil(r, 'maxUnavailable', 1);
                  }),
                );
              }),
            true,
          );
          // StatefulSetAutoDeletePVC: on by default since 1.27, GA in 1.32.
          editObject(
            s,
            'persistentVolumeClaimRetentionPolicy',
            (policy) =>
              edited(policy, (p) => {
                defaultString(p, 'whenDeleted', 'Retain');
                defaultString(p, 'whenScaled', 'Retain');
              }),
            true,
          );
          defaultNil(s, 'replicas', 1);
          defaultNil(s, 'revisionHistoryLimit', 10);
          editObject(s, 'template', (t) => defaultPodTemplate(t, features), true);
          editObjects(s, 'volumeClaimTemplates', defaultClaim);
        }),
      true,
    ),
  );
}

/** `SetDefaults_ReplicaSet`. */
export function defaultReplicaSet(replicaSet: JsonObject, features: DefaultingFeatures): JsonObject {
  return edited(replicaSet, (d) =>
    editObject(
      d,
      'spec',
      (spec) =>
        edited(spec, (s) => {
          defaultNil(s, 'replicas', 1);
          editObject(s, 'template', (t) => defaultPodTemplate(t, features), true);
        }),
      true,
    ),
  );
}

/** `SetDefaults_PodFailurePolicyOnPodConditionsPattern` over a Job spec's pod failure policy. */
function defaultPodConditionStatus(spec: JsonObject): JsonObject {
  return edited(spec, (s) =>
    editObject(s, 'podFailurePolicy', (policy) =>
      edited(policy, (p) =>
        editObjects(p, 'rules', (rule) =>
          edited(rule, (r) => editObjects(r, 'onPodConditions', (pattern) => edited(pattern, (pt) => defaultString(pt, 'status', 'True'))))),
      ),
    ),
  );
}

/** `math.MaxInt32`: a Job's backoff limit when only a per-index limit is given. */
const MAX_INT32 = 2147483647;

/** `SetDefaults_Job` and the pod template. */
export function defaultJob(job: JsonObject, features: DefaultingFeatures): JsonObject {
  return edited(job, (d) => {
    const spec = childObject(job, 'spec');
    editObject(
      d,
      'spec',
      (jobSpec) =>
        edited(jobSpec, (s) => {
          if (isNil(s.get('completions')) && isNil(s.get('parallelism'))) {
            s.set('completions', 1);
            s.set('parallelism', 1);
          }
          defaultNil(s, 'parallelism', 1);
          defaultNil(s, 'backoffLimit', isNil(s.get('backoffLimitPerIndex')) ? 6 : MAX_INT32);
          defaultNil(s, 'completionMode', 'NonIndexed');
          defaultNil(s, 'suspend', false);
          // JobPodReplacementPolicy: on by default since 1.29.
          defaultNil(s, 'podReplacementPolicy', isNil(s.get('podFailurePolicy')) ? 'TerminatingOrFailed' : 'Failed');
          defaultNil(s, 'manualSelector', false);
          editObject(s, 'template', (t) => defaultPodTemplate(t, features), true);
        }),
      true,
    );
    const labels = childObject(childObject(spec, 'template'), 'metadata')?.labels;
    if (nonEmptyObject(labels)) {
      editObject(
        d,
        'metadata',
        (m) =>
          edited(m, (md) => {
            if (isEmptyCollection(md.get('labels'))) md.set('labels', { ...labels });
          }),
        true,
      );
    }
    editObject(d, 'spec', defaultPodConditionStatus);
  });
}

/** `SetDefaults_CronJob` and the pod template of the job template (no `SetDefaults_Job`: a job template is not a Job). */
export function defaultCronJob(cronJob: JsonObject, features: DefaultingFeatures): JsonObject {
  return edited(cronJob, (d) =>
    editObject(
      d,
      'spec',
      (spec) =>
        edited(spec, (s) => {
          defaultString(s, 'concurrencyPolicy', 'Allow');
          defaultNil(s, 'suspend', false);
          defaultNil(s, 'successfulJobsHistoryLimit', 3);
          defaultNil(s, 'failedJobsHistoryLimit', 1);
          editObject(
            s,
            'jobTemplate',
            (jobTemplate) =>
              edited(jobTemplate, (jt) =>
                editObject(
                  jt,
                  'spec',
                  (jobSpec) => {
                    const withTemplate = edited(jobSpec, (js) => editObject(js, 'template', (t) => defaultPodTemplate(t, features), true));
                    return features.cronJobPodConditionStatus ? defaultPodConditionStatus(withTemplate) : withTemplate;
                  },
                  true,
                ),
              ),
            true,
          );
        }),
      true,
    ),
  );
}
