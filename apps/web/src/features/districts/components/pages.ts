/** The district screens, loaded together as one chunk by the router. */
export { DistrictPage } from './district-page';
export { DistrictsListPage } from './districts-list-page';
