declare module 'sea-ports' {
  /** All ports keyed by UN/LOCODE. */
  const ports: { JSON: Record<string, { name: string; country: string; unlocs: string[] }> };
  export default ports;
}
