-- Trigram search for every list search box.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
