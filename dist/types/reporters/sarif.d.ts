import type { LintReport } from '../report/types.js';
import type { ReporterOptions } from './options.js';
export declare const SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json";
export declare const KYVERNO_POLICIES_URI = "https://kyverno.io/policies/";
type Level = 'error' | 'warning' | 'note';
interface Message {
    text: string;
}
interface ArtifactLocation {
    uri: string;
    uriBaseId?: string;
}
interface Region {
    startLine: number;
    startColumn?: number;
    endLine?: number;
    endColumn?: number;
}
interface SarifRule {
    id: string;
    name: string;
    shortDescription: Message;
    fullDescription?: Message;
    helpUri?: string;
    defaultConfiguration: {
        level: Level;
    };
    properties?: {
        tags: string[];
    };
}
interface SarifLocation {
    physicalLocation?: {
        artifactLocation: ArtifactLocation;
        region?: Region;
    };
    logicalLocations?: {
        name: string;
        fullyQualifiedName: string;
        kind: 'resource';
    }[];
}
interface SarifFix {
    artifactChanges: {
        artifactLocation: ArtifactLocation;
        replacements: {
            deletedRegion: Region;
            insertedContent: {
                text: string;
            };
        }[];
    }[];
}
interface SarifResult {
    ruleId: string;
    ruleIndex: number;
    level: Level;
    message: Message;
    locations?: SarifLocation[];
    fixes?: SarifFix[];
    suppressions?: {
        kind: 'inSource';
        status: 'accepted';
        justification?: string;
    }[];
    properties?: {
        group: string;
        groupSize: number;
    };
}
export interface SarifLog {
    $schema: string;
    version: '2.1.0';
    runs: [
        {
            tool: {
                driver: {
                    name: string;
                    version: string;
                    informationUri?: string;
                    rules: SarifRule[];
                };
            };
            originalUriBaseIds: Record<string, {
                uri: string;
            }>;
            results: SarifResult[];
        }
    ];
}
/** The artifact of a finding's file: relative to `%SRCROOT%`, or a `file:` URI outside the working directory. */
export declare function artifactLocation(file: string): ArtifactLocation;
/** The SARIF log object of a report. */
export declare function toSarif(report: LintReport, options: ReporterOptions): SarifLog;
export declare function sarif(report: LintReport, options: ReporterOptions): string;
export {};
