/** A party's postal address as the documents print it (house and master bills). */
export type PostalAddress = {
  address1: string | null;
  address2: string | null;
  address3: string | null;
  address4: string | null;
  city: string | null;
  state: string | null;
  zip_postal: string | null;
  country_code: string | null;
};

/** The printed lines of an address: its four lines, city, state and postcode on one, the country; blanks left out. */
export const addressLines = (p: PostalAddress): string[] =>
  [
    p.address1,
    p.address2,
    p.address3,
    p.address4,
    [p.city, p.state, p.zip_postal].filter(Boolean).join(' '),
    p.country_code,
  ].filter((l): l is string => !!l?.trim());
