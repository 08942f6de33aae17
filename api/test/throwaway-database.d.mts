export function throwawayDatabase(server: string, prefix: string, template?: string): Promise<{ name: string; url: string; drop: () => Promise<void> }>;
