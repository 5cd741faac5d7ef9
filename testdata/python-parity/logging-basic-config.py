import logging

logging.basicConfig(level=logging.DEBUG, format="%(levelname)-8s %(name)s: %(message)s")
log = logging.getLogger("etl")

def load(rows):
    log.info("loading %d rows", len(rows))
    good = []
    for i, r in enumerate(rows):
        if r is None:
            log.warning("row %d is empty, skipping", i)
            continue
        if r < 0:
            log.error("row %d has negative value %s", i, r)
            continue
        log.debug("row %d ok", i)
        good.append(r)
    log.info("loaded %d of %d", len(good), len(rows))
    return good

result = load([3, None, 7, -2, 5])
logging.getLogger("etl.sub").info("child loggers propagate")
logging.getLogger().setLevel(logging.WARNING)
log.info("this is filtered out")
log.critical("done with %s", {"ok": len(result)})
return result
