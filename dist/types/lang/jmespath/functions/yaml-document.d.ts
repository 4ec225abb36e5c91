/** The JSON value of the first YAML document of `source` (null when there is none). */
export declare function parseYamlDocument(source: string): unknown;
