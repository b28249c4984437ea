-- Election search matches substrings of names, paths and counties; trigram indexes serve it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
