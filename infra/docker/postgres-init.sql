-- One database per app (the gateway's is POSTGRES_DB); runs once, on an empty data volume.
CREATE DATABASE identity;
CREATE DATABASE people;
CREATE DATABASE scheduling;
CREATE DATABASE leave;
CREATE DATABASE attendance;
CREATE DATABASE reporting;
