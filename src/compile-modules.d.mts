// Types of compile-modules.mjs (plain JavaScript: the process entry loads it before any TypeScript).
export declare const ROOT: string;
export declare function compileModules(entry: string, folder: string, options?: { sourceMaps?: boolean }): URL;
export declare function withJsImports(code: string): string;
