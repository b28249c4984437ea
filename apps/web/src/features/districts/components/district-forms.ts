import { z } from 'zod';
import { optionalText, requiredEmail, requiredText } from '@scrutineer/contracts';

/** The district properties form; country is fixed to US and the date is the day of creation. */
export const districtFormSchema = z.object({
  state_name: requiredText(100),
  district_name: requiredText(),
  address: optionalText(),
  city: optionalText(100),
  statePostalCode: optionalText(20),
  phoneNumber: optionalText(40),
  email: requiredEmail,
  website: optionalText(300),
});

export const contactFormSchema = z.object({
  name: requiredText(),
  title: requiredText(),
  email: requiredEmail,
  address: optionalText(),
  city: optionalText(100),
  state_zipcode: optionalText(20),
  phone_number: optionalText(40),
  website: optionalText(300),
});

export const DEFAULT_COUNTRY = 'US';
export const DEFAULT_STATE = 'CA';
