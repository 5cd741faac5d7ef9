def fetch_price(symbol, prices):
    try:
        return prices[symbol]
    except KeyError:
        fallback = prices["DEFAULT"] * 1.1
        return fallback

prices = {"AAPL": 190.5, "MSFT": 410.0}
print(fetch_price("AAPL", prices))
print(fetch_price("TSLA", prices))
