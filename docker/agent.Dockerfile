# A LayoutBench agent: the harness and the worker built from this checkout,
# claiming jobs from the shared PostgreSQL (see docker-compose.yml).
FROM swift:6.3.1-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends \
        libpq-dev libharfbuzz-dev libfreetype-dev fonts-dejavu-core pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product layoutbench && swift build -c release --product layoutbench-worker

# The slim agent: runs the engines its --engines-config names (the default target).
FROM swift:6.3.1-bookworm-slim AS agent
RUN apt-get update && apt-get install -y --no-install-recommends \
        libpq5 libharfbuzz0b libfreetype6 fonts-dejavu-core git \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --create-home layoutbench
COPY --from=build /src/.build/release/layoutbench /src/.build/release/layoutbench-worker /usr/local/bin/
COPY Workloads /opt/layoutbench/Workloads
USER layoutbench
WORKDIR /opt/layoutbench
# The database URL comes from a secret file, never from the command line.
ENTRYPOINT ["layoutbench", "agent"]

# The builder agent: the full toolchain, the development libraries and git, so
# jobs naming an engine revision (`run --distributed --engine NAME@REVISION`)
# are built here from the remotes given with --allow-remote. Build it with
# `docker compose --profile builder up -d builder-agent` (docker-compose.yml).
FROM swift:6.3.1-bookworm AS builder
RUN apt-get update && apt-get install -y --no-install-recommends \
        libpq-dev libharfbuzz-dev libfreetype-dev fonts-dejavu-core pkg-config git ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --create-home layoutbench \
    && mkdir -p /var/cache/layoutbench && chown layoutbench /var/cache/layoutbench
COPY --from=build /src/.build/release/layoutbench /src/.build/release/layoutbench-worker /usr/local/bin/
COPY Workloads /opt/layoutbench/Workloads
USER layoutbench
WORKDIR /opt/layoutbench
ENTRYPOINT ["layoutbench", "agent"]
