import { z } from 'zod';
import {
  optionalText,
  phoneSchema,
  postalCodeSchema,
  requiredEmail,
  requiredText,
} from '@scrutineer/contracts';

/** The district properties form; country is fixed to US and the date is the day of creation. */
export const districtFormSchema = z.object({
  state_name: requiredText(100),
  district_name: requiredText(),
  address: optionalText(),
  city: optionalText(100),
  statePostalCode: postalCodeSchema,
  phoneNumber: phoneSchema,
  email: requiredEmail,
  website: optionalText(300),
});

export const contactFormSchema = z.object({
  name: requiredText(),
  title: requiredText(),
  email: requiredEmail,
  address: optionalText(),
  city: optionalText(100),
  state_zipcode: postalCodeSchema,
  phone_number: phoneSchema,
  website: optionalText(300),
});

export const DEFAULT_COUNTRY = 'US';
export const DEFAULT_STATE = 'CA';
