export function throwawayDatabase(server: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }>;
